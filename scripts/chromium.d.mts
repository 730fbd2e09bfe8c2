export function findChromium(): string | undefined
export function requireChromium(): string
export const MISSING_CHROMIUM: string
export const CHROMIUM_ARGS: string[]
