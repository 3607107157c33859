import type { Logger } from 'pino';
import type { z } from 'zod';
import { parseOrThrow } from '../../domain/shared/zodIssues.js';
import { checkAccess, resourceLookup, type ResolvedResource, type ResourceRef, type ResourceSource } from './access.js';
import type { ListRange, ListWindow } from './paging.js';
import { assertCanWrite, type Principal } from './principal.js';
import type { Services } from './services.js';

/**
 * Who may run an operation: `public` needs no credential; `read` any credential; `write` a credential with
 * write permission; `operator` is the person at the command line, who administers every team.
 */
export type Access = 'public' | 'read' | 'write' | 'operator';

/**
 * What a handler gets besides its input: who calls (the operator at the command line, or null for public
 * operations) and one flat `deps` (stores, clock, logger, read models, engines).
 */
export interface OperationContext<A extends Access = Access> {
  principal: A extends 'public' ? null : Principal;
  deps: Services;
  log: Logger;
}

/** Where an operation of access `A` reads its resource: reads from the read models, the others from the event stream. */
export type SourceOf<A extends Access> = A extends 'read' ? 'readModel' : 'eventStream';

/** What a handler gets: the binding's context and the resource the operation declared, found and checked. */
export interface HandlerContext<A extends Access = Access, R = undefined> extends OperationContext<A> {
  resource: ResolvedResource<R, SourceOf<A>>;
}

/** Error statuses an operation adds to the ones every operation of its access has, with what they mean here. */
export type OperationErrors = Partial<Record<403 | 404 | 409 | 413 | 415 | 429 | 503, string>>;

/** Object-level rules across fields (a window's start before its end), kept apart so bindings can reshape the fields. */
export type InputCheck<Input> = (input: Input, context: z.RefinementCtx) => void;

export interface OperationSpec<A extends Access, Input extends z.ZodObject, Output extends z.ZodType, R extends ResourceRef | undefined = undefined> {
  /** Stable camelCase id: the OpenAPI operationId. */
  name: string;
  summary: string;
  /** What it answers, its units and window rules: read by people (docs) and assistants (tool descriptions). */
  description?: string;
  /** Groups operations in the docs. */
  tag: string;
  access: A;
  /** Every input field, flat: a binding decides which come from a path, a query string, a body or flags. */
  input: Input;
  check?: InputCheck<z.output<Input>>;
  /**
   * The workspace, report or team the input names (undefined when it names none, as a list across the caller's
   * workspaces): the access step finds it (404) and checks it (403) before the handler, which gets it as
   * `context.resource`.
   */
  resource?: (input: z.output<Input>) => R;
  output: Output;
  /** What a success answers, as the docs name it ("The updated brand report"); default: the summary. */
  answers?: string;
  errors?: OperationErrors;
  /** Answer, without counting, when the team has no active plan (the account endpoint tells why). */
  answerWithoutPlan?: boolean;
  /**
   * A read whose handler answers from the server's reports in memory checks its report there as well
   * (`ResourceSource` 'memory'); every other read checks it in the read models.
   */
  readsMemory?: A extends 'read' ? boolean : never;
  handler(input: z.output<Input>, context: HandlerContext<A, R>): Promise<z.output<Output>>;
  /** A list also answers any stretch of its items with their total, for bindings that page by number (MCP). */
  list?: ListSpec<z.output<Input>, HandlerContext<A, R>>;
}

export interface ListSpec<Input, Context> {
  /** Input fields of the operation's own paging (`cursor`, or `limit` and `offset`), which other bindings leave out. */
  pagingFields: readonly string[];
  /** The schema of one item. */
  item: z.ZodType;
  window(input: Input, context: Context, range: ListRange): Promise<ListWindow<unknown>>;
}

/** An operation with its types erased, so that operations of every shape share one list. */
export interface Operation {
  readonly name: string;
  readonly summary: string;
  readonly description: string | undefined;
  readonly tag: string;
  readonly access: Access;
  readonly input: z.ZodObject;
  /** The object-level rules, for bindings that reshape `input` and apply them again. */
  readonly check: InputCheck<never> | undefined;
  /** `input` with `check` applied: what validation runs. */
  readonly validator: z.ZodType;
  readonly output: z.ZodType;
  readonly answers: string;
  readonly errors: OperationErrors;
  readonly answerWithoutPlan: boolean;
  /** What the input names for the access step; undefined for an operation that touches no one resource. */
  readonly resource: ((input: never) => ResourceRef | undefined) | undefined;
  /** Validates `input` (a 400 whose issues name the fields), then runs the access step and the handler. */
  run(input: unknown, context: OperationContext): Promise<unknown>;
  /** The access step and the handler on input that a binding has already validated with `validator`. */
  runValidated(input: unknown, context: OperationContext): Promise<unknown>;
  /** The list, its window behind the same access step. */
  readonly list: ListSpec<unknown, OperationContext> | undefined;
}

/**
 * The binding's context with the declared resource: found and checked (404, then 403) by the access step. The
 * logger stays a getter, so a request's logger is still made only when the handler logs.
 */
async function withResource<A extends Access, R>(
  source: ResourceSource,
  ref: ResourceRef | undefined,
  context: OperationContext,
): Promise<HandlerContext<A, R>> {
  let resource: unknown;
  if (ref !== undefined && context.principal !== null) {
    resource = await checkAccess(ref, context.principal, resourceLookup(context.deps, source));
  }
  return {
    principal: context.principal,
    deps: context.deps,
    get log() {
      return context.log;
    },
    resource,
  } as HandlerContext<A, R>;
}

export function defineOperation<A extends Access, Input extends z.ZodObject, Output extends z.ZodType, R extends ResourceRef | undefined = undefined>(
  spec: OperationSpec<A, Input, Output, R>,
): Operation {
  if (spec.access === 'public' && spec.resource) throw new Error(`${spec.name}: a public operation has no caller whose access to a resource could be checked`);
  const validator = spec.check ? spec.input.superRefine(spec.check) : spec.input;
  const source: ResourceSource = spec.access !== 'read' ? 'eventStream' : spec.readsMemory === true ? 'memory' : 'readModel';
  const prepare = (input: unknown, context: OperationContext) => withResource<A, R>(source, spec.resource?.(input as z.output<Input>), context);
  const runValidated = async (input: unknown, context: OperationContext) => spec.handler(input as z.output<Input>, await prepare(input, context));
  const { list } = spec;
  return {
    name: spec.name,
    summary: spec.summary,
    description: spec.description,
    tag: spec.tag,
    access: spec.access,
    input: spec.input,
    check: spec.check as InputCheck<never> | undefined,
    validator,
    output: spec.output,
    answers: spec.answers ?? spec.summary,
    errors: spec.errors ?? {},
    answerWithoutPlan: spec.answerWithoutPlan ?? false,
    resource: spec.resource as ((input: never) => ResourceRef | undefined) | undefined,
    run: (input, context) => runValidated(parseOrThrow(validator, input, 'arguments'), context),
    runValidated,
    list: list && {
      pagingFields: list.pagingFields,
      item: list.item,
      window: async (input, context, range) => list.window(input as z.output<Input>, await prepare(input, context), range),
    },
  };
}

/**
 * The access rule every binding applies before it reads any input, so a read-only credential learns nothing
 * from a write operation's validation: a write operation needs a principal with write permission.
 */
export function admit(operation: Operation, principal: Principal | null): void {
  if (operation.access === 'write' && principal !== null) assertCanWrite(principal);
}
