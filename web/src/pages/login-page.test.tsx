import "../../test/setup-dom";
import { afterEach, beforeEach, expect, jest, test } from "bun:test";
import { act, cleanup, fireEvent, waitFor } from "@testing-library/react";
import { SUPPORT_EMAIL } from "../lib/brand";
import { clearToasts, demoUser, mockFetch, pasteInto, renderAuthPage, typeInto } from "./auth-pages-test-utils";
import LoginPage from "./login-page";

const realFetch = globalThis.fetch;

beforeEach(() => {
  mockFetch({});
});

afterEach(() => {
  clearToasts();
  cleanup();
  globalThis.fetch = realFetch;
});

const VERIFY_REPLY = { body: { requiresVerification: true, userId: 42, email: "a***@example.com" } };

function signIn(view: ReturnType<typeof renderAuthPage>, username = "avery", password = "secret-pass") {
  typeInto(view.getByLabelText("Username"), username);
  typeInto(view.getByLabelText("Password"), password);
  fireEvent.click(view.getByRole("button", { name: "Sign in" }));
}

/** Signs in under fake timers: settles the mocked fetch with microtask turns instead of polling. */
async function showCodeCard(view: ReturnType<typeof renderAuthPage>) {
  signIn(view);
  for (let i = 0; i < 20 && !view.queryByLabelText("Verification code"); i++) {
    await act(async () => {
      await Promise.resolve();
    });
  }
  expect(view.getByLabelText("Verification code")).toBeTruthy();
}

test("shows the credentials card with a register link and the support e-mail", () => {
  const view = renderAuthPage(<LoginPage />, "/login");
  expect(view.getByRole("heading", { name: "Sign in" })).toBeTruthy();
  expect(view.getByRole("link", { name: "Create one" }).getAttribute("href")).toBe("/register");
  expect(view.getByRole("link", { name: SUPPORT_EMAIL }).getAttribute("href")).toBe(`mailto:${SUPPORT_EMAIL}`);
});

test("empty fields toast Missing credentials and send nothing", async () => {
  const calls = mockFetch({});
  const view = renderAuthPage(<LoginPage />, "/login");
  fireEvent.click(view.getByRole("button", { name: "Sign in" }));
  await view.findByText("Missing credentials");
  expect(view.getByText("Please enter both username and password")).toBeTruthy();
  expect(calls.length).toBe(0);
});

test("wrong credentials toast Login failed with the spec text", async () => {
  mockFetch({ "POST /api/login": { status: 401, body: { message: "invalid credentials" } } });
  const view = renderAuthPage(<LoginPage />, "/login");
  signIn(view);
  await view.findByText("Login failed");
  expect(view.getByText("Invalid username or password")).toBeTruthy();
});

test("a rate limit shows the server's wait message", async () => {
  const message = "Too many attempts. Please wait 15 minutes and try again.";
  mockFetch({ "POST /api/login": { status: 429, body: { message, code: "rate_limited" } } });
  const view = renderAuthPage(<LoginPage />, "/login");
  signIn(view);
  await view.findByText(message);
});

test("requiresVerification shows the code card with the masked e-mail", async () => {
  const calls = mockFetch({ "POST /api/login": VERIFY_REPLY });
  const view = renderAuthPage(<LoginPage />, "/login");
  signIn(view, "  avery  ");
  await view.findByLabelText("Verification code");
  expect(calls[0]?.body).toEqual({ username: "avery", password: "secret-pass" });
  expect(view.getByText("Verification required")).toBeTruthy();
  expect(view.getAllByText(/a\*\*\*@example\.com/).length).toBeGreaterThan(0);
  const input = view.getByLabelText("Verification code");
  expect(input.getAttribute("inputmode")).toBe("numeric");
  expect(input.getAttribute("autocomplete")).toBe("one-time-code");
});

test("the code card: submit disabled until 6 digits, 10:00 countdown, resend disabled at first", async () => {
  mockFetch({ "POST /api/login": VERIFY_REPLY });
  const view = renderAuthPage(<LoginPage />, "/login");
  signIn(view);
  const input = (await view.findByLabelText("Verification code")) as HTMLInputElement;
  const submit = view.getByRole("button", { name: "Verify and sign in" }) as HTMLButtonElement;
  expect(submit.disabled).toBe(true);
  expect(view.getByRole("timer").textContent).toBe("10:00");
  expect((view.getByRole("button", { name: "Resend code" }) as HTMLButtonElement).disabled).toBe(true);
  typeInto(input, "12a34");
  expect(input.value).toBe("1234");
  expect(submit.disabled).toBe(true);
  typeInto(input, "123456");
  expect(submit.disabled).toBe(false);
});

test("a pasted code with spaces keeps all six digits (spaces go before the length limit)", async () => {
  const calls = mockFetch({
    "POST /api/login": VERIFY_REPLY,
    "POST /api/verify-login": { body: { user: demoUser } },
    "GET /api/auth/user": { body: { authenticated: true, user: demoUser } },
  });
  const view = renderAuthPage(<LoginPage />, "/login");
  signIn(view);
  const input = (await view.findByLabelText("Verification code")) as HTMLInputElement;
  pasteInto(input, " 652 612 ");
  expect(input.value).toBe("652612");
  const submit = view.getByRole("button", { name: "Verify and sign in" }) as HTMLButtonElement;
  expect(submit.disabled).toBe(false);
  fireEvent.click(submit);
  await view.findByText("Verification successful");
  expect(calls.find((c) => c.path === "/api/verify-login")?.body).toEqual({ userId: 42, code: "652612" });
});

test("a pasted code replaces digits already typed; typed text with spaces or dashes is cleaned the same way", async () => {
  mockFetch({ "POST /api/login": VERIFY_REPLY });
  const view = renderAuthPage(<LoginPage />, "/login");
  signIn(view);
  const input = (await view.findByLabelText("Verification code")) as HTMLInputElement;
  typeInto(input, "111");
  pasteInto(input, "652-612");
  expect(input.value).toBe("652612");
  typeInto(input, " 123 456 789");
  expect(input.value).toBe("123456");
});

test("resend unlocks after 60 s, resets the countdown to 10:00 and toasts Code resent", async () => {
  const calls = mockFetch({ "POST /api/login": VERIFY_REPLY, "POST /api/resend-verification": { body: {} } });
  const view = renderAuthPage(<LoginPage />, "/login");
  jest.useFakeTimers();
  try {
    await showCodeCard(view);
    const resend = view.getByRole("button", { name: "Resend code" }) as HTMLButtonElement;
    act(() => jest.advanceTimersByTime(59_000));
    expect(view.getByRole("timer").textContent).toBe("09:01");
    expect(resend.disabled).toBe(true);
    act(() => jest.advanceTimersByTime(1_000));
    expect(view.getByRole("timer").textContent).toBe("09:00");
    expect(resend.disabled).toBe(false);
  } finally {
    jest.useRealTimers();
  }
  fireEvent.click(view.getByRole("button", { name: "Resend code" }));
  await view.findByText("Code resent");
  expect(view.getByRole("timer").textContent).toBe("10:00");
  expect(calls.find((c) => c.path === "/api/resend-verification")?.body).toEqual({ userId: 42 });
});

test("a failed resend toasts the spec text", async () => {
  mockFetch({ "POST /api/login": VERIFY_REPLY, "POST /api/resend-verification": { status: 500, body: {} } });
  const view = renderAuthPage(<LoginPage />, "/login");
  jest.useFakeTimers();
  try {
    await showCodeCard(view);
    act(() => jest.advanceTimersByTime(60_000));
  } finally {
    jest.useRealTimers();
  }
  fireEvent.click(view.getByRole("button", { name: "Resend code" }));
  await view.findByText("Failed to resend code");
  expect(view.getByText("Please try again or contact support if the problem persists.")).toBeTruthy();
});

test("Back to login returns to the credentials card", async () => {
  mockFetch({ "POST /api/login": VERIFY_REPLY });
  const view = renderAuthPage(<LoginPage />, "/login");
  signIn(view);
  fireEvent.click(await view.findByRole("button", { name: "Back to login" }));
  expect(view.getByRole("heading", { name: "Sign in" })).toBeTruthy();
  expect(view.queryByLabelText("Verification code")).toBeNull();
});

test("a wrong code toasts Verification failed", async () => {
  mockFetch({ "POST /api/login": VERIFY_REPLY, "POST /api/verify-login": { status: 400, body: { message: "x" } } });
  const view = renderAuthPage(<LoginPage />, "/login");
  signIn(view);
  typeInto(await view.findByLabelText("Verification code"), "654321");
  fireEvent.click(view.getByRole("button", { name: "Verify and sign in" }));
  await view.findByText("Verification failed");
  expect(view.getByText("The code you entered is invalid or has expired. Please try again.")).toBeTruthy();
});

test("a right code signs in and goes to a same-site next path", async () => {
  const calls = mockFetch({
    "POST /api/login": VERIFY_REPLY,
    "POST /api/verify-login": { body: { user: demoUser } },
    "GET /api/auth/user": { body: { authenticated: true, user: demoUser } },
  });
  const view = renderAuthPage(<LoginPage />, "/login?next=%2Fclients");
  signIn(view);
  typeInto(await view.findByLabelText("Verification code"), "123456");
  fireEvent.click(view.getByRole("button", { name: "Verify and sign in" }));
  expect((await view.findByTestId("location")).textContent).toBe("/clients");
  expect(view.getByText("Verification successful")).toBeTruthy();
  expect(calls.find((c) => c.path === "/api/verify-login")?.body).toEqual({ userId: 42, code: "123456" });
});

test("login without verification toasts Login successful and goes to /dashboard (unsafe next ignored)", async () => {
  mockFetch({
    "POST /api/login": { body: { requiresVerification: false, user: demoUser } },
    "GET /api/auth/user": { body: { authenticated: true, user: demoUser } },
  });
  const view = renderAuthPage(<LoginPage />, "/login?next=%2F%2Fevil.example");
  signIn(view, "demo");
  await view.findByText("Login successful");
  expect(view.getByText("Welcome back!")).toBeTruthy();
  await waitFor(() => expect(view.getByTestId("location").textContent).toBe("/dashboard"));
});
