import { MEDIUM_IMAGE_BYTES } from '../limits.ts';
import { aboutBlock, SAVE_DETAIL } from './shared.ts';

export const values = aboutBlock('values', 'value', 'Values', 130, MEDIUM_IMAGE_BYTES, true, { payloadLimit: '10MB', savePrefix: SAVE_DETAIL, deleteReason: true }, { template: 'values', page: '/about-us' });
