// A call as the app's hooks see it, and a call waiting for the person's decision (`useWebMCPConfirmations`).
import type { ComputedRef, Ref, ShallowRef } from 'vue'
import type { WebMCPToolAnnotations } from './platform'
import type { WebMCPErrorCode, WebMCPToolResponse } from './results'

/** Who started a call, as the hooks see it. */
export interface WebMCPCallOrigin {
  /** `'tool'`: a `useWebMCPTool(s)` tool; `'form'`: a `useWebMCPForm` submission. */
  source: 'tool' | 'form'
  /**
   * `'agent'`: a tool call (through `executeTool`), or a form submission that
   * answers an agent (`event.agentInvoked`); `'person'`: a person's own submit.
   */
  caller: 'agent' | 'person'
  /** Forms only: the agent's submission went through without a click (`toolautosubmit`). */
  autosubmitted?: boolean
}

/** What `onToolCall` receives, before `execute`. */
export interface WebMCPToolCallEvent extends WebMCPCallOrigin {
  /** The tool called. */
  name: string
  /** Present only with `includeArgs: true`. The same object `execute` receives; do not mutate it. */
  args?: unknown
}

/** What `onToolResult` receives, after normalization, for success and failure alike. */
export interface WebMCPToolResultEvent extends WebMCPCallOrigin {
  /** The tool called. */
  name: string
  /** `false` when the call failed or `execute` returned an `isError` result. */
  ok: boolean
  /** Wall-clock duration of the call in milliseconds. */
  ms: number
  /** What the agent receives, after normalization. */
  response: WebMCPToolResponse
  /** Why the call failed, when it did. */
  code?: WebMCPErrorCode
  /** What `execute` threw or returned as an `Error`, or the call path's own failure (invalid arguments, timeout, oversized result). */
  error?: unknown
  /** Present only with `includeArgs: true`. */
  args?: unknown
  /** Present when the call asked the person (see `confirm`): what they decided, and how long the call waited. */
  confirmation?: WebMCPConfirmationOutcome
}

/**
 * One call waiting for the person's decision, as `useWebMCPConfirmations`
 * lists it and a `confirm` callback receives it.
 */
export interface WebMCPConfirmationRequest extends WebMCPCallOrigin {
  /** Unique on the page; requests are decided in the order of their ids. */
  id: number
  /** The tool's name, title and description, as the agent sees them. */
  name: string
  /** The tool's title, if it has one. */
  title?: string
  /** The tool's description. */
  description?: string
  /** The arguments as validated: what `execute` receives if the person approves. Do not mutate. */
  args: unknown
  /** The tool's annotations (`consequentialHint` and the others), as registered. */
  annotations?: WebMCPToolAnnotations
  /** Aborts when the request is withdrawn (the agent cancelled, the tool's scope or registration ended) or expired (`expiresAt`). Close the dialog then. */
  signal: AbortSignal
  /**
   * When the request is declined if nobody has decided, in `Date.now()`
   * milliseconds: every request has a limit (`confirm.timeoutMs`, else
   * `DEFAULT_CONFIRM_TIMEOUT_MS`). Show the person the time left.
   */
  expiresAt: number
  /**
   * Whether approving it with `remember: true` lets later calls of the tool
   * run unasked: `true` for a tool its author marked reversible
   * (`annotations.readOnlyHint: true` or `destructiveHint: false`), or whose
   * own `confirm` says `remember: true`; `false` for `confirm: { remember: false }`,
   * for a call that did not come through a registration on this page, and for
   * every other tool (MCP's default: a tool may be irreversible).
   * Offer "don't ask again" only when true, cleared for each new request.
   */
  canRemember: boolean
  /**
   * Set exactly when `canRemember` is false: one sentence for the person
   * saying why "don't ask again" is not offered (the tool may be
   * irreversible, its author asks every time, or it is not registered on
   * this page).
   */
  cannotRememberReason?: string
}

/**
 * A `confirm` callback's answer as an object: `approve: true` runs the call;
 * `remember: true` with it lets later calls of the tool on this page run
 * unasked (see `canRemember`); `reason` goes to the agent with a decline.
 */
export interface WebMCPConfirmAnswer {
  approve: boolean
  remember?: boolean
  reason?: string
}

/**
 * How a page asks the person about one call: resolve `true` (or
 * `{ approve: true }`) to run it; anything else (`false`, a throw, a
 * rejection) and it does not run.
 */
export type WebMCPConfirm = (request: WebMCPConfirmationRequest) => boolean | WebMCPConfirmAnswer | Promise<boolean | WebMCPConfirmAnswer>

/**
 * `confirm` as an object: the tool asks (as with `confirm: true`), and these
 * say how, when and for how long. Fields a tool's own object leaves unset fall
 * back to its group's; a tool whose own `confirm` is `true` takes only the
 * group's `ask`.
 */
export interface WebMCPConfirmOptions<Args = Record<string, unknown>> {
  /** How to ask: this callback, else the group's or the app's `confirm.ask`, else a `useWebMCPConfirmations` dialog. */
  ask?: WebMCPConfirm
  /**
   * Asks only for the calls it returns `true` for; the others run unasked. It
   * receives the arguments as validated (a Standard Schema's output), as a
   * frozen copy, the one the person is shown and `execute` receives; with
   * `validateArgs: false`, the arguments as the agent sent them, unchecked
   * (`amount` may be a string). A throw asks. Synchronous: it runs on every call.
   */
  when?: (args: Args) => boolean
  /**
   * Whether an approval given with `remember: true` lets later calls run
   * unasked. `true`: yes, even for a tool annotated `destructiveHint: true`
   * when it is the tool's own `confirm` that says so. `false`: asked every
   * time. Default: only for a tool annotated `readOnlyHint: true` or
   * `destructiveHint: false` (a group's `remember: true` covers its other
   * tools, never a `destructiveHint: true` one).
   */
  remember?: boolean
  /**
   * Declines a request nobody decided within this many milliseconds (a
   * `DECLINED` result saying so; the request leaves the dialog, its `signal`
   * aborts). A positive, finite number (longer than the default too):
   * anything else fails each call that would ask, without asking (a
   * `TOOL_ERROR` that says why; development builds warn). Default: the
   * group's, else the app's `confirm.timeoutMs`, else
   * `DEFAULT_CONFIRM_TIMEOUT_MS` (60,000: a minute). The caller can still
   * cancel sooner.
   */
  timeoutMs?: number
}

/**
 * An approval remembered for the page (`approve(request, { remember: true })`),
 * as `remembered` lists it. It belongs to the registration the person
 * approved: it ends when that tool unregisters or its definition changes.
 */
export interface WebMCPRememberedApproval {
  /** The tool's name: its later calls on this page run unasked, while it stays registered as approved. */
  name: string
  title?: string
  /** `Date.now()` when it was approved. */
  at: number
}

/** What became of a call that asked the person, in `onToolResult`'s `confirmation`. */
export interface WebMCPConfirmationOutcome {
  /**
   * `'approved'`: it ran. `'declined'`: the person said no, nobody decided
   * in time, or too many of the tool's calls already waited (`DECLINED`).
   * `'withdrawn'`: the agent cancelled, or the tool's scope or registration
   * ended first (`ABORTED`). `'failed'`: the page could not ask (the callback threw,
   * its `timeoutMs` is not a positive number, or nothing on the page can ask:
   * no `ask` and no `useWebMCPConfirmations` mounted), so the call did not run.
   */
  decision: 'approved' | 'declined' | 'withdrawn' | 'failed'
  /** Milliseconds the call waited for the decision. */
  ms: number
  /** The reason given to `decline(request, { reason })`, or why nobody decided (`timeoutMs`) or nobody was asked, when there was one. */
  reason?: string
  /** `true`: approved earlier with `remember: true`, so the person was not asked this time. */
  remembered?: boolean
}

export interface UseWebMCPConfirmationsReturn {
  /** The calls waiting for the person's decision, oldest first. */
  pending: Readonly<Ref<readonly WebMCPConfirmationRequest[]>>
  /** The oldest pending request: the one to show. `undefined` when none waits. */
  current: ComputedRef<WebMCPConfirmationRequest | undefined>
  /**
   * Runs the call (the `current` request the dialog has rendered, unless
   * another pending request is given; an `Event`, as `@click="approve"`
   * passes, gives none). With `remember: true` later calls of the tool run
   * unasked, those already queued behind it included, until `forget()` or
   * the tool unregisters (only when the request's `canRemember` is true).
   */
  approve: (request?: WebMCPConfirmationRequest, options?: { remember?: boolean }) => void
  /**
   * Declines the call (the `current` request the dialog has rendered, unless
   * another pending request is given; an `Event`, as `@click="decline"`
   * passes, gives none): it does not run, and the agent is told, with
   * `reason` when given. Called again before the dialog renders, it declines
   * the request behind.
   */
  decline: (request?: WebMCPConfirmationRequest, options?: { reason?: string }) => void
  /** Closes this dialog before its scope ends: calls no longer wait for it (requests already waiting stay queued for another). */
  stop: () => void
  /** The tools whose calls run unasked on this page, approved with `remember: true`, oldest first; only those still registered as approved. Page-wide. */
  remembered: Readonly<ShallowRef<readonly WebMCPRememberedApproval[]>>
  /** Asks again before the next call of tool `name`, or of every tool when none is named (anything but a string, as the `Event` of `@click="forget"`, names none). */
  forget: (name?: string) => void
}
