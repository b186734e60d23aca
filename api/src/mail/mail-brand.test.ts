import { expect, test } from "bun:test";
// Test-only import: the copies in mail-brand.ts exist so the api does not load the web package at runtime.
import * as webBrand from "../../../web/src/lib/brand";
import { PLAN_NAME, PRODUCT_NAME, SUPPORT_EMAIL } from "./mail-brand";

test("mail brand constants match web/src/lib/brand.ts", () => {
  expect({ PRODUCT_NAME, SUPPORT_EMAIL, PLAN_NAME }).toEqual({
    PRODUCT_NAME: webBrand.PRODUCT_NAME,
    SUPPORT_EMAIL: webBrand.SUPPORT_EMAIL,
    PLAN_NAME: webBrand.PLAN_NAME,
  });
});
