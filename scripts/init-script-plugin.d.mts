export declare function buildInitScript(): Promise<{ code: string, inputs: string[] }>
export declare function initScriptPlugin(): { name: string, load: (this: { addWatchFile?: (file: string) => void }, id: string) => Promise<string | undefined> }
