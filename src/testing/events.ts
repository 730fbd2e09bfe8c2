// The events Chromium 156 fires on `document.modelContext` when an agent's
// call starts (`toolactivated`) and when the agent gives it up (`toolcancel`):
// their own classes, `toolName` read through the prototype, neither bubbling
// nor cancelable, as measured in the browser lane.

export interface ToolEventInit extends EventInit {
  toolName?: string
}

// Each class stands alone, as in the browser (no common base to export); the
// name an event carries is kept here, read through each prototype's getter.
const toolNames = new WeakMap<Event, string>()

function keepToolName(event: Event, init: ToolEventInit): void {
  toolNames.set(event, init.toolName === undefined ? '' : String(init.toolName))
}

/** `toolactivated`: an agent's call of the tool named `toolName` has started. */
export class ToolActivatedEvent extends Event {
  constructor(type: string, init: ToolEventInit = {}) {
    super(type, init)
    keepToolName(this, init)
  }

  get toolName(): string {
    return toolNames.get(this) ?? ''
  }
}

/** `toolcancel`: the agent gave up its call of the tool named `toolName`. */
export class ToolCancelEvent extends Event {
  constructor(type: string, init: ToolEventInit = {}) {
    super(type, init)
    keepToolName(this, init)
  }

  get toolName(): string {
    return toolNames.get(this) ?? ''
  }
}

const GLOBALS = { ToolActivatedEvent, ToolCancelEvent }

/**
 * Puts the event classes on `target` (a window) where it has none, as a
 * browser with WebMCP has them, so `event instanceof ToolActivatedEvent`
 * works in a page's own code. Returns what undoes it.
 */
export function defineEventClasses(target: object): () => void {
  const added = Object.entries(GLOBALS).filter(([name]) => !(name in target))
  for (const [name, value] of added)
    Object.defineProperty(target, name, { configurable: true, writable: true, value })
  return () => added.forEach(([name]) => delete (target as Record<string, unknown>)[name])
}
