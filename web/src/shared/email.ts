/** docs/product.md#what-input-is-accepted: the waitlist e-mail must be non-empty after trimming and of e-mail type (the browser's own rule). */
export const EMAIL_PATTERN = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export const isEmail = (value: string) => EMAIL_PATTERN.test(value.trim());
