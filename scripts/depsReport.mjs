// The report of `npm run check:deps` (a dependency-cruiser reporter plugin: `--output-type plugin:…`). It prints each
// broken rule of .dependency-cruiser.cjs, and adds the one rule the checker cannot state alone: capabilities depend on
// one another one way. A capability is a folder directly under a service's src/ (the read models' store, the job
// queue and the mail port are ports, not capabilities), under services/domain/, or under web/src/features/; an
// import from one capability into another is an edge between them, and any cycle among those edges is an error,
// whichever files carry it. The service roots (app.ts, execute.ts, …) compose capabilities and are not one.

const PORTS = new Set(['store', 'jobs', 'mail']);

/** The capability a module belongs to ('command/training', 'domain/coach', 'web/progress'), or undefined. */
export function capabilityOf(source) {
  const service = /^services\/(command|query|workers)\/src\/([^/]+)\//.exec(source);
  if (service) return PORTS.has(service[2]) ? undefined : `${service[1]}/${service[2]}`;
  const domain = /^services\/domain\/([^/]+)\//.exec(source);
  if (domain) return `domain/${domain[1]}`;
  const feature = /^web\/src\/features\/([^/]+)\//.exec(source);
  return feature ? `web/${feature[1]}` : undefined;
}

/**
 * Each cycle among capabilities, as the capabilities in it and, for each edge of it, one import that makes it.
 * @param {{ source: string, dependencies: { resolved: string }[] }[]} modules
 */
export function capabilityCycles(modules) {
  const edges = new Map();
  for (const module of modules) {
    const from = capabilityOf(module.source);
    if (!from) continue;
    for (const dependency of module.dependencies ?? []) {
      const to = capabilityOf(dependency.resolved);
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      if (!edges.get(from).has(to)) edges.get(from).set(to, `${module.source} → ${dependency.resolved}`);
    }
  }
  // Tarjan's strongly connected components: each component of more than one capability is a cycle.
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  let next = 0;
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of edges.get(node)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node);
  return components.map((members) => ({
    members,
    imports: members.flatMap((from) => members.filter((to) => edges.get(from)?.has(to)).map((to) => edges.get(from).get(to))),
  }));
}

/** @param {import('dependency-cruiser').ICruiseResult} result */
export default function report(result) {
  const lines = [];
  for (const violation of result.summary.violations) {
    const where = violation.cycle
      ? [violation.from, ...violation.cycle.map((step) => (typeof step === 'string' ? step : step.name))].join(' →\n      ')
      : `${violation.from} → ${violation.to}`;
    lines.push(`  ${violation.rule.severity} ${violation.rule.name}: ${where}`);
  }
  const cycles = capabilityCycles(result.modules);
  for (const cycle of cycles) {
    lines.push(`  error no-capability-cycles: ${cycle.members.join(' ⇄ ')}`);
    for (const line of cycle.imports) lines.push(`      ${line}`);
  }
  const errors = result.summary.error + cycles.length;
  lines.push(
    errors + result.summary.warn === 0
      ? `\n✔ no dependency violations found (${result.summary.totalCruised} modules)\n`
      : `\nx ${errors} dependency violations (${errors} errors, ${result.summary.warn} warnings)\n`,
  );
  return { output: lines.join('\n'), exitCode: errors };
}
