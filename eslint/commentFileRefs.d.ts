import type { Rule } from 'eslint';

export declare const commentFileRefs: Rule.RuleModule;
declare const plugin: { rules: Record<string, Rule.RuleModule> };
export default plugin;
