export const CHROMIUM_150_VERSION: string
export const CHROMIUM_150_DIR: string
export const CHROMIUM_150_PATH: string
export const MISSING_CHROMIUM_150: string
export function chromium150Env(): { LD_LIBRARY_PATH: string }
export function findChromium150(): string | undefined
