// Shared checks on the built package, run from consume.mjs (ESM import) and
// consume.cjs (CJS require): a consumer's view of dist/.
import assert from 'node:assert/strict'

export async function check(kind, main, testing, vue) {
  for (const name of ['useWebMCPTool', 'useWebMCPTools', 'defineWebMCPTool', 'useWebMCPForm', 'useRegisteredTools', 'toToolResponse', 'toErrorResponse', 'provideWebMCPConfig', 'ToolInputError'])
    assert.equal(typeof main[name], 'function', `${kind}: ${name} is exported`)
  assert.equal(typeof main.WEBMCP_CONFIG, 'symbol', `${kind}: WEBMCP_CONFIG is an injection key`)
  assert.deepEqual(main.toToolResponse({ a: 1 }), { content: [{ type: 'text', text: '{"a":1}' }] })
  assert.deepEqual(main.toErrorResponse(new Error('x')), { content: [{ type: 'text', text: 'x' }], isError: true })

  for (const name of ['install', 'uninstall', 'submitAsAgent', 'InMemoryModelContext', 'listTools', 'callTool'])
    assert.equal(typeof testing[name], 'function', `${kind}: testing.${name} is exported`)
  assert.match(testing.initScript, /^"use strict";\(\(\)=>\{/, `${kind}: testing.initScript is the bundled script`)
  const mc = new testing.InMemoryModelContext()
  await mc.registerTool({ name: 'dist_check', description: 'd', execute: ({ n }) => n * 2 })
  const [tool] = await mc.getTools()
  assert.equal(await mc.executeTool(tool, { n: 21 }), '42')

  // A tool registered and called through the composable: the call pipeline
  // and the validator load lazily from dist/chunks, in ESM and in CJS alike.
  const installed = testing.install()
  const scope = vue.effectScope()
  const state = scope.run(() => main.useWebMCPTool({
    name: 'dist_double',
    description: 'Doubles n',
    inputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
    execute: ({ n }) => ({ doubled: n * 2 }),
  }))
  for (let i = 0; i < 100 && !state.isRegistered.value; i++)
    await new Promise(r => setTimeout(r, 5))
  assert.equal(state.isRegistered.value, true, `${kind}: the tool registers`)
  const registered = (await installed.getTools()).find(t => t.name === 'dist_double')
  assert.equal(await installed.executeTool(registered, { n: 4 }), '{"content":[{"type":"text","text":"{\\"doubled\\":8}"}]}')
  const invalid = JSON.parse(await installed.executeTool(registered, {}))
  assert.equal(invalid._meta['vue-webmcp/code'], 'INVALID_ARGS')
  scope.stop()
  testing.uninstall()
  console.log(`dist ${kind}: vue-webmcp and vue-webmcp/testing load, register and run a tool`)
}
