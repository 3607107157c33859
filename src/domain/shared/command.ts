/** A request addressed to one aggregate: the same `{type, data}` shape as events, named in the imperative. */
export interface DomainCommand<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}
