import type { Page } from 'playwright'

export function checkPage(page: Page): Promise<string[]>
export const NARROW_WIDTH: number
export function checkNarrow(page: Page): Promise<string[]>
