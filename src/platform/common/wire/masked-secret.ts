/** Sent in place of a stored secret; sending it back means "keep the stored value". */
export const MASKED_SECRET = '********';
