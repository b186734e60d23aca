// Issue 37's walk, in the browser at 1440 and 375 px, light and dark: a meeting page asks for its data together (the
// follow-up draft used to wait for the meeting), an unknown meeting is a 404 with the page's not-found content, /help
// leads to Help, which is written for advisors, and /payment-success says what became of the Checkout session (payments
// off; cancelled and paid through the loopback Stripe double), the same in the server's HTML and after hydration.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { json } from "../../api/test/auth-helpers";
import { type StripeDouble, startStripeDouble } from "../../api/test/stripe-double";
import { seedClient, seedProcessedMeeting } from "../../api/test/support/seed-meeting";
import { startTestServer, type TestServer } from "../../api/test/test-server";
import { THEME_STORAGE_KEY } from "../src/components/theme/theme-script";
import { audit } from "./axe";
import { launchBrowser, screenshot, waitForHydration } from "./browser";
import { type OwnBuildServer, startServerWithOwnBuild } from "./own-build-server";
import { signInContext } from "./session";

let server: TestServer;
let browser: Browser;
let ownBuild: OwnBuildServer;
// Payments on: a second server on the same build, its Stripe SDK pointed at the loopback double.
let stripe: StripeDouble;
let paying: TestServer;

beforeAll(async () => {
  ownBuild = await startServerWithOwnBuild("cm-e2e-walk-routes-");
  server = ownBuild.server;
  stripe = startStripeDouble();
  paying = await startTestServer({
    ASSETS_DIR: server.ctx.assetsDir,
    STRIPE_SECRET_KEY: "sk_test_walk",
    STRIPE_WEBHOOK_SECRET: "whsec_walk",
    STRIPE_PRICE_REGISTRATION: "price_reg",
    STRIPE_PRICE_BASIC: "price_basic",
    STRIPE_PRICE_PREMIUM: "price_premium",
    STRIPE_PRICE_ENTERPRISE: "price_enterprise",
    STRIPE_API_BASE: stripe.url,
  });
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await paying?.stop();
  await stripe?.stop();
  await ownBuild?.stop();
});

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

for (const theme of ["light", "dark"] as const) {
  for (const width of [1440, 375]) {
    describe(`${theme} at ${width} px`, () => {
      let context: BrowserContext;
      let page: Page;
      let meetingId: number;
      const shot = (name: string) => screenshot(page, `walk-routes-${name}-${theme}-${width}`);

      beforeAll(async () => {
        context = await browser.newContext({ viewport: { width, height: 900 } });
        await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
          THEME_STORAGE_KEY,
          theme,
        ] as const);
        const { user } = await signInContext(context, server, "Robin Castellano");
        const client = await seedClient(server.ctx.db.sql, user.id, "Hendricks Family Trust");
        meetingId = await seedProcessedMeeting(server.ctx.db.sql, user.id, client.id, {
          title: "Quarterly allocation review",
          date: new Date(),
        });
        page = await context.newPage();
        page.setDefaultTimeout(15_000);
      }, 30_000);
      afterAll(async () => {
        await context?.close();
      });

      test("a client navigation to a meeting asks for the meeting and its follow-up draft together", async () => {
        await page.goto(`${server.url}/meetings`);
        await waitForHydration(page);
        const meetingPath = `/api/meetings/${meetingId}`;
        let followUpAsked!: () => void;
        const followUp = new Promise<void>((resolve) => {
          followUpAsked = resolve;
        });
        const order: string[] = [];
        // The meeting's answer is held until the follow-up draft is asked for (5 s at most): asked one after the
        // other, the follow-up would only be asked once the meeting had arrived.
        await page.route(`**${meetingPath}`, async (route) => {
          order.push("meeting asked");
          await Promise.race([followUp, Bun.sleep(5_000)]);
          order.push("meeting answered");
          await route.continue();
        });
        await page.route(`**${meetingPath}/follow-up`, async (route) => {
          order.push("follow-up asked");
          followUpAsked();
          await route.continue();
        });
        await page
          .getByRole("link", { name: /Quarterly allocation review/ })
          .first()
          .click();
        await page.getByRole("heading", { name: "Quarterly allocation review" }).waitFor();
        await page.getByRole("button", { name: "Draft follow-up" }).waitFor();
        expect(order).toEqual(["meeting asked", "follow-up asked", "meeting answered"]);
        await page.unrouteAll();
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        await shot("meeting");
      }, 60_000);

      test("an unknown meeting is a 404 showing Meeting Not Found, before and after hydration", async () => {
        const response = await page.goto(`${server.url}/meetings/999999999`);
        expect(response?.status()).toBe(404);
        await waitForHydration(page);
        await page.getByRole("heading", { name: "Meeting Not Found" }).waitFor();
        expect(await page.getByRole("status", { name: "Loading meeting" }).count()).toBe(0);
        expect(await page.title()).toBe("Meeting Not Found · Clearminute");
        expect(await audit(page, `meeting not found ${theme} ${width}`)).toEqual([]);
        await shot("meeting-not-found");
      }, 30_000);

      test("reloading an unknown meeting reached inside the app hydrates the server's not-found page as it is", async () => {
        const errors: string[] = [];
        const onConsole = (message: { type(): string; text(): string }) => {
          // The browser reports the page's own 404 answers; React's hydration errors are what this is about.
          if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
            errors.push(message.text());
          }
        };
        // React reports a hydration mismatch it recovers from as an uncaught error of the page.
        const onPageError = (error: Error) => errors.push(error.message);
        page.on("console", onConsole);
        page.on("pageerror", onPageError);
        try {
          await page.goto(`${server.url}/meetings`);
          await waitForHydration(page);
          // A navigation inside the app leaves its own key in the history entry, which a reload keeps.
          await page.evaluate(() => {
            window.history.pushState({ usr: null, key: "inapp1", idx: 1 }, "", "/meetings/999999999");
          });
          const response = await page.reload();
          expect(response?.status()).toBe(404);
          await waitForHydration(page);
          await page.getByRole("heading", { name: "Meeting Not Found" }).waitFor();
          await page.waitForTimeout(300);
          expect(errors).toEqual([]);
        } finally {
          page.off("console", onConsole);
          page.off("pageerror", onPageError);
        }
      }, 30_000);

      test("/help leads to Help, written for advisors", async () => {
        await page.goto(`${server.url}/help`);
        await page.waitForURL((url) => url.pathname === "/settings");
        await waitForHydration(page);
        await page.getByRole("heading", { name: "Contact Support" }).waitFor();
        const text = (await page.locator("main").textContent()) ?? "";
        for (const word of ["OPENAI_API_KEY", "SPEECH_BASE_URL", "README"]) expect(text).not.toContain(word);
        expect(text).toContain("ask whoever runs Clearminute for you");
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        await shot("help");
      }, 30_000);

      test("/payment-success with payments off says so, and never that a subscription is active", async () => {
        await page.goto(`${server.url}/payment-success`);
        await waitForHydration(page);
        await page.getByRole("heading", { name: "Payments are not set up" }).waitFor();
        expect((await page.locator("main").textContent()) ?? "").not.toContain("subscription is now active");
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        expect(await audit(page, `payment success ${theme} ${width}`)).toEqual([]);
        await shot("payment-success-off");
      }, 30_000);
    });
  }
}

describe("/payment-success back from Checkout", () => {
  for (const width of [1440, 375]) {
    test(`at ${width} px: the page says what became of the session, the same before and after hydration`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      try {
        const { sid } = await signInContext(context, paying);
        const started = await paying.fetch(
          "/api/payments/create-checkout-session",
          json(
            { productId: "BASIC_SUBSCRIPTION", successUrl: "/payment-success", cancelUrl: "/checkout" },
            `cm_session=${sid}`,
          ),
        );
        const { sessionId } = (await started.json()) as { sessionId: string };
        const page = await context.newPage();
        const errors: string[] = [];
        page.on("pageerror", (error) => errors.push(error.message));
        const visit = async (expected: string) => {
          const path = `${paying.url}/payment-success?session_id=${sessionId}`;
          expect(await (await context.request.get(path)).text()).toContain(`>${expected}</h1>`); // the server's HTML
          await page.goto(path);
          await waitForHydration(page);
          await page.waitForTimeout(300);
          expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(expected);
        };
        stripe.setPaymentStatus(sessionId, "unpaid", "expired");
        await visit("Checkout cancelled");
        await screenshot(page, `walk-routes-payment-cancelled-${width}`);
        stripe.setPaymentStatus(sessionId, "paid", "complete");
        stripe.sessions.get(sessionId)!.subscription = `sub_${sessionId}`;
        await visit("Payment successful");
        await screenshot(page, `walk-routes-payment-paid-${width}`);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }, 60_000);
  }
});
