/**
 * While this file exists in a product's state folder, its site builds wait (global-setup.ts): a
 * test file of the back-office alone holds them for as long as it runs (product.ts).
 */
export const HOLD_BUILDS_FILE = 'e2e-hold-builds';
