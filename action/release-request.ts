/**
 * What both ways of running the Action draft (run-with-server.ts, run-in-runner.ts): the range (a
 * monorepo component's own, when `component` is set), the version it is drafted as (the `version`
 * input, else the component's, else the release's tag), and the request fields the inputs decide
 * (docs/github-action.md#github-action, its inputs table).
 */
import { componentRange } from './component-range.ts';
import type { StepContext } from './step-context.ts';

export async function releaseRequest(ctx: StepContext) {
  const { inputs, git, api } = ctx;
  const { range, version: componentVersion } = inputs.component
    ? await componentRange(ctx.resolved, inputs.component, { git, api })
    : { range: ctx.resolved, version: undefined };
  const version = inputs.version ?? componentVersion ?? (range.kind === 'release' ? range.tag : undefined);
  return {
    range,
    component: inputs.component,
    paths: inputs.includePaths.length ? inputs.includePaths : undefined,
    // References in the draft link to this repository (GitHub Enterprise included).
    repositoryUrl: ctx.repositoryUrl,
    version,
    category: inputs.category,
    drafting: {
      internalPaths: inputs.internalPaths,
      productPaths: inputs.productPaths,
      detail: inputs.detail,
      sections: inputs.sections,
    },
    visibility: inputs.visibility,
  };
}
