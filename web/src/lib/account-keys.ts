/** The account page's settings (retention, the plan's recording days, legal holds): GET /api/account/settings. */
export const ACCOUNT_SETTINGS_KEY = "/api/account/settings";
