/**
 * Browser tests' helpers: one Debian Chromium per test file (never a
 * downloaded browser), a context per person, pages that fail the test on a
 * CSP violation or an uncaught error, and the axe check.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { beforeEach, expect } from 'vitest';
import { TEST_DATA_ROOT } from '../../test/helpers/paths.ts';
import { ensureBuilt } from '../scripts/ensure-built.mjs';


/** Tests that drive a page through a hundred-odd steps: on a slow 2-core machine under the whole suite they outlast the default 30 s (no timing is asserted). */
export const LONG_BROWSER_TEST_MS = 90_000;
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Builds the app if its sources changed, then starts Chromium. */
export async function launch(): Promise<Browser> {
  ensureBuilt({ quiet: true });
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 740 };

export interface Person {
  context: BrowserContext;
  page: Page;
  /** Problems the page reported: CSP violations, uncaught errors. */
  problems: string[];
}

/** A person in a browser context of their own (own cookies), with the app open at `url`. */
export async function person(browser: Browser, url: string, opts: { viewport?: { width: number; height: number }; forwardedFor?: string; locale?: string } = {}): Promise<Person> {
  const context = await browser.newContext({
    viewport: opts.viewport ?? DESKTOP,
    locale: opts.locale ?? 'en-US',
    // The test servers trust X-Forwarded-For: each person gets an address of their own (login lockouts are per address).
    extraHTTPHeaders: { 'x-forwarded-for': opts.forwardedFor ?? `10.9.${rand()}.${rand()}` },
  });
  const page = await context.newPage();
  const problems: string[] = [];
  const consoleTail: string[] = [];
  consoleTails.set(page, consoleTail);
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content.Security.Policy|Refused to/i.test(m.text())) problems.push(m.text());
    consoleTail.push(`${m.type()}: ${m.text()}`);
    if (consoleTail.length > CONSOLE_LINES_KEPT) consoleTail.shift();
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.setDefaultTimeout(15_000);
  await page.goto(url);
  return { context, page, problems };
}

const CONSOLE_LINES_KEPT = 20;
/** Each page's last console lines, for the dump of a failed test. */
const consoleTails = new WeakMap<Page, string[]>();

/**
 * When a test of the file fails, every open page says where it was: its address, the text it
 * showed and its last console lines on stderr (what a CI log keeps), and a screenshot under
 * `.test-data/browser-failures/`. A flaky failure can then be read instead of guessed.
 */
export function dumpPagesOnFailure(browser: () => Browser | undefined): void {
  beforeEach(({ onTestFailed, task }) => {
    onTestFailed(async () => {
      const pages = browser()?.contexts().flatMap((c) => c.pages()) ?? [];
      const dir = join(TEST_DATA_ROOT, 'browser-failures');
      await mkdir(dir, { recursive: true });
      for (const [i, page] of pages.entries()) {
        const shot = join(dir, `${process.env.TEST_MODE ?? 'test'}-${task.name.replace(/\W+/g, '-').slice(0, 60)}-${i}.png`);
        const [text] = await Promise.all([
          // biome-ignore lint/performance/useDomNodeTextContent: the text as shown (hidden parts left out) is what the dump is for.
          page.locator('body').innerText({ timeout: 5_000 }).catch((e: Error) => `(no text: ${e.message})`),
          page.screenshot({ path: shot, timeout: 5_000 }).catch(() => undefined),
        ]);
        const lines = [`--- page ${i + 1} of ${pages.length} after "${task.name}" failed: ${page.url()} (screenshot ${shot})`, text.slice(0, 2_000), ...(consoleTails.get(page) ?? []).map((l) => `console ${l}`)];
        process.stderr.write(`${lines.join('\n')}\n`);
      }
    }, 30_000);
  });
}

const rand = () => Math.floor(Math.random() * 250) + 1;

/** Logs in through the form. */
export async function logIn(page: Page, name: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Username' }).fill(name);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.getByRole('button', { name: 'Log out' }).waitFor();
}

/** No serious or critical axe violations on the page as it is now. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  expect(bad, `axe on ${what}`).toEqual([]);
}

/**
 * Nothing wider than the viewport: neither the page nor the header bar nor the main navigation
 * scrolls sideways, and every destination of the navigation lies inside the viewport with a
 * target of at least 24 × 24 px.
 */
export async function expectFits(page: Page, width: number): Promise<void> {
  expect(await page.evaluate('document.documentElement.scrollWidth'), 'page width').toBeLessThanOrEqual(width);
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [what, box] of [
    ['header bar', page.getByRole('banner')],
    ['main navigation', nav],
    ['its list', nav.getByRole('list')],
  ] as const) {
    const [scroll, client] = await box.evaluate((e) => [e.scrollWidth, e.clientWidth]);
    expect(scroll, `${what}: scrollWidth ${scroll} within clientWidth ${client}`).toBeLessThanOrEqual(client);
  }
  const links = await nav.getByRole('link').all();
  expect(links.length).toBeGreaterThanOrEqual(6);
  for (const link of links) {
    const box = await link.boundingBox();
    const name = await link.getAttribute('href');
    expect(box, `${name} is rendered`).not.toBeNull();
    expect(box!.x, `${name} starts inside`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${name} ends inside`).toBeLessThanOrEqual(width);
    expect(Math.min(box!.width, box!.height), `${name} is large enough to tap`).toBeGreaterThanOrEqual(24);
  }
}
