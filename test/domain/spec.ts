import { expect } from '@jest/globals';
import { foldEvents, type Decider, type DomainEvent } from '../../src/domain/shared/decider.js';
import { ValidationError, type ValidationIssue } from '../../src/domain/shared/errors.js';

type ErrorClass<E extends Error> = abstract new (...args: never[]) => E;

/**
 * Given-when-then specifications for a decider: `given(pastEvents).when(command).then(newEvents)`, or
 * `.thenThrows(ErrorClass, partialError)`, or `.thenFailsValidation([{path, code}])`.
 */
export function specFor<State, Command, Event extends DomainEvent>(decider: Decider<State, Command, Event>) {
  return (history: Event[]) => ({
    when: (command: Command) => {
      const decideNow = (): Event[] => decider.decide(command, foldEvents(decider, history));
      const thenThrows = <E extends Error>(errorClass: ErrorClass<E>, expected: Partial<E> = {}): E => {
        const error = caught(decideNow);
        expect(error).toBeInstanceOf(errorClass);
        expect(error).toMatchObject(expected);
        return error as E;
      };
      return {
        then: (expected: Event[]): void => {
          expect(decideNow()).toEqual(expected);
        },
        thenThrows,
        /** Each expected issue must be among the error's issues (others may be present). */
        thenFailsValidation: (expected: Partial<ValidationIssue>[]): ValidationError => {
          const error = thenThrows(ValidationError);
          for (const issue of expected) expect(error.issues).toContainEqual(expect.objectContaining(issue));
          return error;
        },
      };
    },
  });
}

function caught(run: () => unknown): unknown {
  let result: unknown;
  try {
    result = run();
  } catch (error) {
    return error;
  }
  throw new Error(`Expected the command to be refused, but it was decided: ${JSON.stringify(result)}`);
}


/** A command or event as a runtime caller or an older/newer store may hold it, which its type would refuse. */
export const unchecked = <T>(value: unknown): T => value as T;
