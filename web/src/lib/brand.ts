/** Product identity, used everywhere a name or address is shown. */
export const PRODUCT_NAME = "Clearminute";
export const SUPPORT_EMAIL = "support@clearminute.app";
export const SALES_EMAIL = "sales@clearminute.app";
export const PLAN_NAME = "Clearminute Premium";
export const PLAN_PRICE_USD = 99;
export const DEFAULT_ROLE_LABEL = "Client Advisor";
