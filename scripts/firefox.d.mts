import type { BrowserProviderOption } from 'vitest/node'

export function findFirefox(): string | undefined
export const MISSING_FIREFOX: string
export const FIREFOX_PREFS: Record<string, boolean | number | string>
export interface FirefoxSession {
  /** One WebDriver BiDi command; resolves to its result. */
  send: (method: string, params?: Record<string, unknown>) => Promise<any>
  close: () => Promise<void>
  version: string
}
export interface FirefoxOptions {
  executablePath?: string
  prefs?: Record<string, boolean | number | string>
}
export function launchFirefox(options?: FirefoxOptions & { headless?: boolean }): Promise<FirefoxSession>
export function firefoxBidi(options?: FirefoxOptions): BrowserProviderOption
