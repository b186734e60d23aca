/**
 * Product identity for e-mails. Copied from web/src/lib/brand.ts: the api must not import the web package at
 * runtime. mail-brand.test.ts fails when the two drift apart.
 */
export const PRODUCT_NAME = "Clearminute";
export const SUPPORT_EMAIL = "support@clearminute.app";
export const PLAN_NAME = "Clearminute Premium";

/** Minutes a sign-in verification code stays valid (the server keeps it 600 seconds). */
export const CODE_VALIDITY_MINUTES = 10;

/** Subject of every verification mail; latestCodeFor recognises those mails by it. */
export const VERIFICATION_SUBJECT = `Your ${PRODUCT_NAME} sign-in code`;
