import type { Page } from 'playwright'

export function checkPage(page: Page): Promise<string[]>
