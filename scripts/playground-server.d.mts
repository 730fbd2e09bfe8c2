export function startPlayground(options?: { quiet?: boolean }): Promise<{ url: string, close: () => Promise<void> }>
