// Environment probes shared by every composable. No Vue import.

export const isClient: boolean = typeof window !== 'undefined' && typeof document !== 'undefined'
