import type { JsonSchema, OpenApiDocument, OpenApiOperation } from './openapi.js';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const anchor = (id: string): string => `schema-${id.replace(/[^A-Za-z0-9_-]/g, '-')}`;

/** A JSON Schema as indented JSON, with every component reference a link to that component. */
function schemaBlock(schema: unknown): string {
  const json = escapeHtml(JSON.stringify(schema, null, 2));
  const linked = json.replace(
    /&#34;#\/components\/schemas\/([A-Za-z0-9_.-]+)&#34;/g,
    (_match, id: string) => `&#34;<a href="#${anchor(id)}">#/components/schemas/${id}</a>&#34;`,
  );
  return `<pre>${linked}</pre>`;
}

function parametersTable(parameters: JsonSchema[]): string {
  const rows = parameters.map((parameter) => {
    const cells = [parameter.name, parameter.in, parameter.required ? 'yes' : 'no', JSON.stringify(parameter.schema), parameter.description ?? ''];
    return `<tr>${cells.map((cell) => `<td>${escapeHtml(String(cell))}</td>`).join('')}</tr>`;
  });
  return `<table><tr><th>Name</th><th>In</th><th>Required</th><th>Schema</th><th>Description</th></tr>${rows.join('')}</table>`;
}

function contentSchema(content: unknown): unknown {
  const media = Object.values((content ?? {}) as Record<string, { schema?: unknown }>)[0];
  return media?.schema;
}

function responsesList(responses: Record<string, JsonSchema>): string {
  const items = Object.entries(responses).map(([status, response]) => {
    const schema = contentSchema(response.content);
    const body = schema && Object.keys(schema).length > 0 ? schemaBlock(schema) : '';
    return `<li><strong>${escapeHtml(status)}</strong> ${escapeHtml(String(response.description ?? ''))}${body}</li>`;
  });
  return `<ul>${items.join('')}</ul>`;
}

function operationSection(method: string, path: string, operation: OpenApiOperation): string {
  const requestBody = operation.requestBody ? `<h4>Request body</h4>${schemaBlock(contentSchema(operation.requestBody.content))}` : '';
  const authentication = operation.security?.length === 0 ? 'No authentication' : 'Bearer API key';
  return [
    `<section id="${escapeHtml(operation.operationId)}">`,
    `<h3><code>${method.toUpperCase()} ${escapeHtml(path)}</code></h3>`,
    `<p>${escapeHtml(operation.summary)}. <em>${authentication}.</em></p>`,
    operation.description ? `<p>${escapeHtml(operation.description)}</p>` : '',
    operation.parameters ? `<h4>Parameters</h4>${parametersTable(operation.parameters)}` : '',
    requestBody,
    `<h4>Responses</h4>${responsesList(operation.responses)}`,
    '</section>',
  ].join('\n');
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
pre{background:#f5f5f5;padding:.75rem;overflow:auto;font-size:13px}table{border-collapse:collapse}
td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}section{border-top:1px solid #ddd;margin-top:2rem}`;

/** The reference page at /v1/docs: plain HTML rendered from the OpenAPI document, with no script or CDN. */
export function renderDocsPage(document: OpenApiDocument): string {
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );
  const index = operations
    .map(({ path, method, operation }) => `<li><a href="#${escapeHtml(operation.operationId)}"><code>${method.toUpperCase()} ${escapeHtml(path)}</code></a> ${escapeHtml(operation.summary)}</li>`)
    .join('');
  const schemas = Object.entries(document.components.schemas)
    .map(([id, schema]) => `<section id="${anchor(id)}"><h3>${escapeHtml(id)}</h3>${schemaBlock(schema)}</section>`)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(document.info.title)} ${escapeHtml(document.info.version)}</title>
<style>${STYLE}</style></head>
<body><h1>${escapeHtml(document.info.title)} <small>${escapeHtml(document.info.version)}</small></h1>
<p>${escapeHtml(document.info.description)}</p><p>Machine-readable: <a href="/v1/openapi.json">/v1/openapi.json</a> (OpenAPI ${escapeHtml(document.openapi)}).</p>
<h2>Operations</h2><ul>${index}</ul>
${operations.map(({ path, method, operation }) => operationSection(method, path, operation)).join('\n')}
<h2>Schemas</h2>
${schemas}
</body></html>`;
}
