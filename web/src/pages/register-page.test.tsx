import "../../test/setup-dom";
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { act, cleanup, fireEvent, waitFor, within } from "@testing-library/react";
import { AddressProbe } from "../../test/address-probe";
import { PLAN_NAME } from "../lib/brand";
import { clearToasts, demoUser, mockFetch, PLANS_RESPONSE, renderAuthPage, typeInto } from "./auth-pages-test-utils";
import RegisterPage from "./register-page";

const realFetch = globalThis.fetch;
const realLocation = window.location;

type Routes = Parameters<typeof mockFetch>[0];

/** The page's calls answered by `routes`, over defaults: the plan catalogue, and every username free. */
const mockRoutes = (routes: Routes = {}) =>
  mockFetch({
    "GET /api/payments/plans": { body: PLANS_RESPONSE },
    "POST /api/register/check": { body: { available: true } },
    ...routes,
  });

beforeEach(() => {
  mockRoutes();
});

afterEach(() => {
  clearToasts();
  cleanup();
  globalThis.fetch = realFetch;
  sessionStorage.clear();
});

const RESUME = "/register?step=3&tid=tmp-123&email=ava%40example.com&name=Ava+Stone&username=ava";
const plansFallback = (paymentsEnabled = true) => ({ "/api/payments/plans": { ...PLANS_RESPONSE, paymentsEnabled } });

function enterStep1(view: ReturnType<typeof renderAuthPage>, acceptTerms = true, username = "ava") {
  typeInto(view.getByLabelText("Email"), "ava@example.com");
  typeInto(view.getByLabelText("Username"), username);
  typeInto(view.getByLabelText("Full name"), "Ava Stone");
  if (acceptTerms) fireEvent.click(view.getByRole("checkbox"));
  fireEvent.click(view.getByRole("button", { name: "Continue" }));
}

/** Fills step 1 and presses Continue; with the terms accepted, waits for the username check to lead to step 2. */
async function fillStep1(view: ReturnType<typeof renderAuthPage>, acceptTerms = true) {
  enterStep1(view, acceptTerms);
  if (acceptTerms) await waitFor(() => expect(currentStep(view)).toBe("Step 2 of 3"));
}

const currentStep = (view: ReturnType<typeof renderAuthPage>) =>
  within(view.getByRole("navigation", { name: "Registration progress" })).getByText(/^Step \d of 3$/).textContent;

test("step 1 shows the fields, the indicator and a terms link opening in a new tab", () => {
  const view = renderAuthPage(<RegisterPage />, "/register");
  expect(currentStep(view)).toBe("Step 1 of 3");
  expect(view.getByLabelText("Email")).toBeTruthy();
  expect(view.getByLabelText("Full name")).toBeTruthy();
  const terms = view.getByRole("link", { name: /Terms of Service/ });
  expect(terms.getAttribute("href")).toBe("/terms");
  expect(terms.getAttribute("target")).toBe("_blank");
  expect(terms.getAttribute("rel")).toBe("noopener");
});

test("step 1 without the fields toasts Missing information", async () => {
  const view = renderAuthPage(<RegisterPage />, "/register");
  fireEvent.click(view.getByRole("button", { name: "Continue" }));
  await view.findByText("Missing information");
  expect(view.getByText("Please fill in all required fields")).toBeTruthy();
  expect(currentStep(view)).toBe("Step 1 of 3");
});

test("the Missing information toast ends once the fields are filled: it does not follow to step 2", async () => {
  const view = renderAuthPage(<RegisterPage />, "/register");
  fireEvent.click(view.getByRole("button", { name: "Continue" }));
  const card = (await view.findByText("Missing information")).closest("[data-part=root]");
  expect(card?.getAttribute("data-state")).toBe("open");
  typeInto(view.getByLabelText("Email"), "ava@example.com");
  typeInto(view.getByLabelText("Username"), "ava");
  // Still missing the full name: the toast still holds (effects and their dismissals flushed first).
  await act(async () => {});
  expect(card?.getAttribute("data-state")).toBe("open");
  typeInto(view.getByLabelText("Full name"), "Ava Stone");
  await waitFor(() => expect(card?.getAttribute("data-state")).toBe("closed"));
  fireEvent.click(view.getByRole("checkbox"));
  fireEvent.click(view.getByRole("button", { name: "Continue" }));
  await waitFor(() => expect(currentStep(view)).toBe("Step 2 of 3"));
  expect(view.queryAllByRole("alert").filter((toast) => toast.getAttribute("data-state") === "open")).toHaveLength(0);
});

test("Missing selection ends once a plan is chosen", async () => {
  const view = renderAuthPage(<RegisterPage />, "/register", plansFallback());
  await fillStep1(view);
  fireEvent.click(view.getByRole("button", { name: "Continue" }));
  const card = (await view.findByText("Missing selection")).closest("[data-part=root]");
  fireEvent.click(view.getByLabelText(/^Free/));
  await waitFor(() => expect(card?.getAttribute("data-state")).toBe("closed"));
});

test("step 1 without the terms toasts Terms of Service", async () => {
  const view = renderAuthPage(<RegisterPage />, "/register");
  await fillStep1(view, false);
  await view.findByText("You must agree to the Terms of Service to continue");
  expect(currentStep(view)).toBe("Step 1 of 3");
});

test("ticking the box takes the Terms of Service toast away: its cause is fixed", async () => {
  const view = renderAuthPage(<RegisterPage />, "/register");
  await fillStep1(view, false);
  const toastCard = (await view.findByText("You must agree to the Terms of Service to continue")).closest(
    "[data-part=root]",
  );
  expect(toastCard?.getAttribute("data-state")).toBe("open");
  fireEvent.click(view.getByRole("checkbox"));
  await waitFor(() => expect(toastCard?.getAttribute("data-state")).toBe("closed"));
});

test("a signed-in user asking for /register goes to the dashboard", async () => {
  const view = renderAuthPage(<RegisterPage />, "/register", {
    "/api/auth/user": { authenticated: true, user: demoUser },
  });
  await waitFor(() => expect(view.getByTestId("location").textContent).toBe("/dashboard"));
  expect(view.queryByText("Create your account")).toBeNull();
});

test("step 2 shows the premium card with five features; no choice toasts Missing selection; Back returns", async () => {
  const view = renderAuthPage(<RegisterPage />, "/register", plansFallback());
  await fillStep1(view);
  expect(currentStep(view)).toBe("Step 2 of 3");
  const premium = view.getByLabelText(new RegExp(PLAN_NAME)).closest("label") as HTMLElement;
  expect(premium.textContent).toContain("$99/month");
  expect(premium.querySelectorAll("li").length).toBe(5);
  fireEvent.click(view.getByRole("button", { name: "Continue" }));
  await view.findByText("Missing selection");
  fireEvent.click(view.getByRole("button", { name: "Back" }));
  expect(currentStep(view)).toBe("Step 1 of 3");
  expect((view.getByLabelText("Email") as HTMLInputElement).value).toBe("ava@example.com");
});

test("the free plan goes straight to step 3", async () => {
  const view = renderAuthPage(<RegisterPage />, "/register", plansFallback());
  await fillStep1(view);
  fireEvent.click(view.getByLabelText(/Free/));
  fireEvent.click(view.getByRole("button", { name: "Continue" }));
  expect(currentStep(view)).toBe("Step 3 of 3");
});

test("with payments off, step 2 says so and continues on the free plan", async () => {
  mockRoutes({ "GET /api/payments/plans": { body: { ...PLANS_RESPONSE, paymentsEnabled: false } } });
  const view = renderAuthPage(<RegisterPage />, "/register", plansFallback(false));
  await fillStep1(view);
  expect(view.getByRole("note").textContent).toContain("Payments are not configured");
  expect((view.getByLabelText(new RegExp(PLAN_NAME)) as HTMLInputElement).disabled).toBe(true);
  fireEvent.click(view.getByRole("button", { name: "Continue" }));
  expect(currentStep(view)).toBe("Step 3 of 3");
  expect(view.getByText("free")).toBeTruthy();
});

test("premium starts the registration checkout and redirects to its url", async () => {
  const calls = mockRoutes({
    "POST /api/payments/create-checkout-session": { body: { url: "https://pay.example/cs_1" } },
  });
  const assigned: string[] = [];
  Object.defineProperty(window, "location", {
    configurable: true,
    value: { ...realLocation, assign: (url: string) => assigned.push(url) },
  });
  try {
    const view = renderAuthPage(<RegisterPage />, "/register", plansFallback());
    await fillStep1(view);
    fireEvent.click(view.getByLabelText(new RegExp(PLAN_NAME)));
    fireEvent.click(view.getByRole("button", { name: "Continue to payment" }));
    await view.findByRole("button", { name: "Redirecting to payment..." });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(assigned).toEqual(["https://pay.example/cs_1"]);
    const body = calls.find((c) => c.path === "/api/payments/create-checkout-session")?.body as Record<string, unknown>;
    expect(body.productId).toBe("REGISTRATION_PREMIUM");
    expect(String(body.successUrl).startsWith("/register?step=3")).toBe(true);
    expect(String(body.cancelUrl).startsWith("/register")).toBe(true);
    expect(body.metadata).toEqual({ email: "ava@example.com", fullName: "Ava Stone", username: "ava" });
  } finally {
    Object.defineProperty(window, "location", { configurable: true, value: realLocation });
  }
});

test("a checkout error toasts Payment Error; no url toasts Error", async () => {
  mockRoutes({ "POST /api/payments/create-checkout-session": { status: 500, body: { message: "boom" } } });
  const view = renderAuthPage(<RegisterPage />, "/register", plansFallback());
  await fillStep1(view);
  fireEvent.click(view.getByLabelText(new RegExp(PLAN_NAME)));
  fireEvent.click(view.getByRole("button", { name: "Continue to payment" }));
  await view.findByText("There was an error starting the checkout process. Please try again.");
  mockRoutes({ "POST /api/payments/create-checkout-session": { body: {} } });
  fireEvent.click(view.getByRole("button", { name: "Continue to payment" }));
  await view.findByText("Could not create checkout session");
});

test("step=3 in the query restores the entries and the premium plan", async () => {
  const calls = mockRoutes({ "POST /api/register": { status: 201, body: { message: "Registration received." } } });
  const view = renderAuthPage(<RegisterPage />, RESUME, plansFallback());
  expect(currentStep(view)).toBe("Step 3 of 3");
  expect(view.getByText("premium")).toBeTruthy();
  typeInto(view.getByLabelText("Password"), "long-enough-1");
  typeInto(view.getByLabelText("Confirm password"), "long-enough-1");
  fireEvent.click(view.getByRole("button", { name: "Create account" }));
  await view.findByText("Account setup complete");
  expect(view.getByText("Your premium account has been created! You can now log in.")).toBeTruthy();
  expect((await view.findByTestId("location")).textContent).toBe("/login");
  expect(calls.find((c) => c.path === "/api/register")?.body).toEqual({
    email: "ava@example.com",
    username: "ava",
    password: "long-enough-1",
    fullName: "Ava Stone",
    role: "user",
    subscriptionPlan: "premium",
    tempUserId: "tmp-123",
  });
});

test("password rules: required, matching, at least 8 characters", async () => {
  const calls = mockRoutes({});
  const view = renderAuthPage(<RegisterPage />, RESUME, plansFallback());
  const create = () => fireEvent.click(view.getByRole("button", { name: "Create account" }));
  create();
  await view.findByText("Please create a password and confirm it");
  typeInto(view.getByLabelText("Password"), "abcdefgh");
  typeInto(view.getByLabelText("Confirm password"), "abcdefgX");
  create();
  await view.findByText("Passwords don't match");
  typeInto(view.getByLabelText("Password"), "short");
  typeInto(view.getByLabelText("Confirm password"), "short");
  create();
  await view.findByText("Password too short");
  expect(view.getByText("Please use at least 8 characters for your password")).toBeTruthy();
  // Only the signed-in check (GET /api/auth/user) may have gone out: nothing was submitted.
  expect(calls.filter((c) => c.path !== "/api/auth/user").length).toBe(0);
});

test("a taken username toasts Setup failed and asks for another, saying nothing about the e-mail", async () => {
  mockRoutes({ "POST /api/register": { status: 409, body: { message: "duplicate: exists", code: "duplicate" } } });
  const view = renderAuthPage(<RegisterPage />, "/register", plansFallback());
  await fillStep1(view);
  fireEvent.click(view.getByLabelText(/Free/));
  fireEvent.click(view.getByRole("button", { name: "Continue" }));
  typeInto(view.getByLabelText("Password"), "long-enough-1");
  typeInto(view.getByLabelText("Confirm password"), "long-enough-1");
  fireEvent.click(view.getByRole("button", { name: "Create account" }));
  await view.findByText("Setup failed");
  const text = view.getByText(/Could not complete your account setup\. Please try again\./).textContent ?? "";
  expect(text).toContain("This username is already taken. Please choose another.");
  expect(text).not.toContain("e-mail");
});

describe("step 1 asks whether the username is free before going on", () => {
  test("Continue sends only the username to the check and goes to step 2 when it is free", async () => {
    const calls = mockRoutes();
    const view = renderAuthPage(<RegisterPage />, "/register", plansFallback());
    await fillStep1(view);
    const check = calls.filter((c) => c.path === "/api/register/check");
    expect(check.map((c) => c.method)).toEqual(["POST"]);
    expect(check[0]?.body).toEqual({ username: "ava" });
  });

  test("a taken username is shown on the username field and step 1 stays", async () => {
    mockRoutes({ "POST /api/register/check": { body: { available: false } } });
    const view = renderAuthPage(<RegisterPage />, "/register", plansFallback());
    enterStep1(view);
    const alert = await view.findByRole("alert");
    expect(alert.textContent).toBe("This username is already taken.");
    const username = view.getByLabelText("Username");
    expect(username.getAttribute("aria-invalid")).toBe("true");
    expect(username.getAttribute("aria-describedby")).toContain(alert.id);
    expect(currentStep(view)).toBe("Step 1 of 3");
    // Editing the name clears the message; a free one then goes on.
    mockRoutes();
    typeInto(username, "ava.stone");
    expect(view.queryByRole("alert")).toBeNull();
    fireEvent.click(view.getByRole("button", { name: "Continue" }));
    await waitFor(() => expect(currentStep(view)).toBe("Step 2 of 3"));
  });

  test("a malformed username is shown on the field without asking the server", async () => {
    const calls = mockRoutes();
    const view = renderAuthPage(<RegisterPage />, "/register", plansFallback());
    enterStep1(view, true, "a b");
    expect((await view.findByRole("alert")).textContent).toBe(
      "Use 3 to 40 letters, digits, dots, dashes or underscores.",
    );
    expect(calls.some((c) => c.path === "/api/register/check")).toBe(false);
    expect(currentStep(view)).toBe("Step 1 of 3");
  });

  test("full-width letters are checked in their plain form", async () => {
    const calls = mockRoutes();
    const view = renderAuthPage(<RegisterPage />, "/register", plansFallback());
    enterStep1(view, true, "ａｖａ");
    await waitFor(() => expect(currentStep(view)).toBe("Step 2 of 3"));
    expect(calls.find((c) => c.path === "/api/register/check")?.body).toEqual({ username: "ava" });
  });

  test("too many checks show the server's wait message on the field", async () => {
    const message = "Too many attempts. Please wait 12 minutes and try again.";
    mockRoutes({ "POST /api/register/check": { status: 429, body: { message, code: "rate_limited" } } });
    const view = renderAuthPage(<RegisterPage />, "/register", plansFallback());
    enterStep1(view);
    expect((await view.findByRole("alert")).textContent).toBe(message);
    expect(currentStep(view)).toBe("Step 1 of 3");
  });

  test("a failed check toasts the spec's Setup failed text and stays on step 1", async () => {
    mockRoutes({ "POST /api/register/check": { status: 500, body: { message: "boom" } } });
    const view = renderAuthPage(<RegisterPage />, "/register", plansFallback());
    enterStep1(view);
    await view.findByText("Setup failed");
    expect(view.getByText("Could not complete your account setup. Please try again.")).toBeTruthy();
    expect(currentStep(view)).toBe("Step 1 of 3");
    expect(view.queryByText("boom")).toBeNull();
  });
});

describe("a reload keeps the step and what can safely be kept", () => {
  /** Everything the browser keeps of the sign-up: this tab's storage and the address. */
  const keptText = (view: ReturnType<typeof renderAuthPage>) =>
    JSON.stringify({ ...sessionStorage }) + view.getByTestId("address").textContent;

  const open = (path: string, fallback = plansFallback()) =>
    renderAuthPage(
      <>
        <RegisterPage />
        <AddressProbe />
      </>,
      path,
      fallback,
    );

  test("step 3 of a free sign-up comes back as step 3 with the entries; the password is never kept", async () => {
    const view = open("/register");
    await fillStep1(view);
    await waitFor(() => expect(view.getByTestId("address").textContent).toBe("?step=2"));
    fireEvent.click(view.getByLabelText(/^Free/));
    fireEvent.click(view.getByRole("button", { name: "Continue" }));
    await waitFor(() => expect(view.getByTestId("address").textContent).toBe("?step=3"));
    typeInto(view.getByLabelText("Password"), "secret-words-9");
    typeInto(view.getByLabelText("Confirm password"), "secret-words-9");
    await act(async () => {});
    expect(keptText(view)).not.toContain("secret-words-9");
    // Not in the address either: the e-mail address would go into history, logs and the Referer.
    expect(view.getByTestId("address").textContent).not.toContain("ava");
    cleanup();

    const reloaded = open("/register?step=3");
    await waitFor(() => expect(currentStep(reloaded)).toBe("Step 3 of 3"));
    expect(reloaded.getByText("free")).toBeTruthy();
    expect(reloaded.getByText("ava@example.com", { exact: false })).toBeTruthy();
    expect((reloaded.getByLabelText("Password") as HTMLInputElement).value).toBe("");
  });

  test("a reload on step 1 keeps what was typed", async () => {
    const view = open("/register");
    typeInto(view.getByLabelText("Email"), "ava@example.com");
    typeInto(view.getByLabelText("Full name"), "Ava Stone");
    await act(async () => {});
    cleanup();
    const reloaded = open("/register");
    await waitFor(() => expect((reloaded.getByLabelText("Email") as HTMLInputElement).value).toBe("ava@example.com"));
    expect((reloaded.getByLabelText("Full name") as HTMLInputElement).value).toBe("Ava Stone");
    expect(currentStep(reloaded)).toBe("Step 1 of 3");
  });

  test("the checkout's return leaves only the step in the address, and a reload still creates the paid account", async () => {
    const view = open(RESUME);
    expect(currentStep(view)).toBe("Step 3 of 3");
    await waitFor(() => expect(view.getByTestId("address").textContent).toBe("?step=3"));
    cleanup();
    const calls = mockRoutes({ "POST /api/register": { status: 201, body: { message: "Registration received." } } });
    const reloaded = open("/register?step=3");
    await waitFor(() => expect(currentStep(reloaded)).toBe("Step 3 of 3"));
    expect(reloaded.getByText("premium")).toBeTruthy();
    typeInto(reloaded.getByLabelText("Password"), "long-enough-1");
    typeInto(reloaded.getByLabelText("Confirm password"), "long-enough-1");
    fireEvent.click(reloaded.getByRole("button", { name: "Create account" }));
    await reloaded.findByText("Account setup complete");
    expect(calls.find((c) => c.path === "/api/register")?.body).toMatchObject({
      email: "ava@example.com",
      subscriptionPlan: "premium",
      tempUserId: "tmp-123",
    });
    // The account is made: nothing of the sign-up stays in the browser.
    expect(sessionStorage.length).toBe(0);
  });

  test("step 3 in the address with nothing kept (another tab, a shared link) starts at step 1", async () => {
    const view = open("/register?step=3");
    await waitFor(() => expect(view.getByTestId("address").textContent).toBe(""));
    expect(currentStep(view)).toBe("Step 1 of 3");
    expect((view.getByLabelText("Email") as HTMLInputElement).value).toBe("");
  });
});
