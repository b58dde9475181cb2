/** The multipart part most kinds send: their value as text. */
export const appendText = (form: FormData, name: string, value: unknown) => form.append(name, String(value ?? ''));
