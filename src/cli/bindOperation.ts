import { Option, type Command } from 'commander';
import type { z } from 'zod';
import type { Operation } from '../app/shared/operation.js';
import { OPERATOR } from '../app/shared/principal.js';
import { convertText, kindOf, type TextKind } from '../app/shared/textInput.js';
import type { Composition } from '../compose.js';
import { collect } from './flags.js';
import { defaultFlag, type FlagsByField } from './output.js';

export type CliOptions = Record<string, string | string[] | boolean | undefined>;
export type CommandAction = (composition: Composition, options: CliOptions) => Promise<Record<string, unknown>>;

/** Runs an action with the composed stores and prints its result; supplied by main.ts. */
export type ActionRunner = (flagsByField: FlagsByField, action: CommandAction) => (options: CliOptions) => Promise<void>;

/** How one operation is reached from the command line; the schemas, handler and access are the operation's. */
export interface CliBinding {
  description?: string;
  /** A field read from the command's one positional argument instead of a flag (`workspace set <workspaceId>`). */
  argument?: string;
  /** Flags whose name is not `--` + the field in kebab case: `{ teamId: '--team' }`. */
  flags?: Record<string, string>;
  /** Fields read from repeatable flags although their schema is not a plain list (`--workspace a --workspace b`). */
  repeatable?: readonly string[];
  /** Fields whose text needs more than type conversion: `--competitor 'Name=domain'`. */
  parse?: Record<string, (value: string | string[]) => unknown>;
  /**
   * Flags for the command line only, typed like the rest, which `shape` folds into the input at `path` (`*` for
   * every item of a list: `prompts.*.intentVolume`), so an error there names the flag.
   */
  extraFlags?: Record<string, { flag: string; description: string; path: string; kind?: TextKind }>;
  /** Turns the flags' values into the operation's input (`--text` and `--intent-volume` into `prompts`). */
  shape?: (flags: Record<string, unknown>) => Record<string, unknown>;
  /** Help text where the schema's description does not fit the command line. */
  help?: Record<string, string>;
  /** What to print of the output; all of it when omitted. */
  print?: (output: Record<string, unknown>) => Record<string, unknown>;
}

/** The choices of an enum field (through optional and default wrappers), for the flag's placeholder. */
function choices(schema: z.ZodType): string[] | null {
  const def = schema._zod.def as { type: string; innerType?: z.ZodType; entries?: Record<string, string> };
  if (def.innerType) return choices(def.innerType);
  return def.type === 'enum' && def.entries ? Object.values(def.entries) : null;
}

interface FlagField {
  field: string;
  /** Where the value lands in the operation's input. */
  path: string;
  flag: string;
  kind: TextKind;
  option: Option;
}

function flagField(field: string, schema: z.ZodType, binding: CliBinding): FlagField {
  const flag = binding.flags?.[field] ?? defaultFlag(field);
  const repeatable = binding.repeatable?.includes(field) ?? false;
  const kind: TextKind = repeatable ? { list: 'text' } : kindOf(schema);
  const required = !schema.safeParse(undefined).success;
  const list = typeof kind === 'object';
  const placeholder = choices(schema)?.join('|') ?? (list ? 'value' : field);
  const option = new Option(kind === 'boolean' ? flag : `${flag} <${placeholder}>`, binding.help?.[field] ?? schema.description ?? field);
  if (list) option.argParser(collect);
  if (required && !list && kind !== 'boolean') option.makeOptionMandatory();
  return { field, path: field, flag, kind, option };
}

/**
 * Adds `operation` as a subcommand of `parent`. Its flags come from the operation's input schema (one per
 * field, repeatable for lists, mandatory when the schema requires the field), their text is typed the way a
 * query string is, and validation runs the operation's own schema, so a bad flag is the same error a bad
 * query parameter is, named by its flag. The person at the command line is the operator, who may run any operation.
 */
export function bindOperation(parent: Command, name: string, operation: Operation, binding: CliBinding, run: ActionRunner): Command {
  const fields = [
    ...Object.entries(operation.input.shape as Record<string, z.ZodType>)
      .filter(([field]) => field !== binding.argument)
      .map(([field, schema]) => flagField(field, schema, binding)),
    ...Object.entries(binding.extraFlags ?? {}).map(([field, { flag, description, path, kind = 'text' }]) => ({
      field,
      path,
      flag,
      kind,
      option: new Option(`${flag} <${field}>`, description),
    })),
  ];
  const command = parent.command(binding.argument ? `${name} <${binding.argument}>` : name).description(binding.description ?? operation.summary);
  for (const { option } of fields) command.addOption(option);
  command.option('--json', 'print one JSON object');
  const flagsByField = Object.fromEntries(fields.map(({ path, flag }) => [path, flag]));
  const action = run(flagsByField, async (composition, options) => {
      const input: Record<string, unknown> = binding.argument ? { [binding.argument]: options[POSITIONAL] } : {};
      for (const { field, kind, option } of fields) {
        const value = options[option.attributeName()];
        if (value === undefined || typeof value === 'boolean') {
          if (value !== undefined) input[field] = value;
          continue;
        }
        const parse = binding.parse?.[field];
        input[field] = parse ? parse(value) : convertText(value, kind);
      }
      const services = composition.createServices('on-demand');
      const shaped = binding.shape?.(input) ?? input;
      const output = (await operation.run(shaped, { principal: operation.access === 'public' ? null : OPERATOR, deps: services, log: composition.context.logger })) as Record<string, unknown>;
      return binding.print?.(output) ?? output;
  });
  // Commander passes a positional argument before the options.
  command.action(binding.argument ? (value: string, options: CliOptions) => action({ ...options, [POSITIONAL]: value }) : action);
  return command;
}

/** Where the positional argument travels among the options; no flag has this attribute name. */
const POSITIONAL = '(argument)';
