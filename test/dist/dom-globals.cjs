// The little of a browser that a Node consumer needs here: install() puts the
// in-memory ModelContext on `document`, and Vue's runtime-dom asks it for one
// element when it loads.
globalThis.window ??= globalThis
globalThis.document ??= { createElement: () => ({}) }
