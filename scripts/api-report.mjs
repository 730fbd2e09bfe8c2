// The public API report: what `vue-webmcp` and `vue-webmcp/testing` export, with every
// signature, as API Extractor reads it from the built declarations (`npm run build` first).
//
//   node scripts/api-report.mjs           compare dist/ with etc/*.api.md (in `npm run test:dist`)
//   node scripts/api-report.mjs --update  rewrite etc/*.api.md from dist/ (`npm run api:update` builds first)
//
// The report names types, never files, so the hashed names of the shared declaration chunks
// (dist/shared/*.d.mts) do not reach it: it changes only when the public surface does.
// Doc comments are left out of it (but whether an export has one): rewording one is no API change.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import process from 'node:process'
import { fileURLToPath } from 'node:url'
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const update = process.argv.includes('--update')
const UPDATE_COMMAND = 'npm run api:update'

const ENTRIES = [
  { entry: 'dist/index.d.mts', report: 'vue-webmcp.api.md', exportName: 'vue-webmcp' },
  { entry: 'dist/testing.d.mts', report: 'vue-webmcp-testing.api.md', exportName: 'vue-webmcp/testing' },
]

// Outside the repository: the report of a check is compared, then thrown away.
const tempFolder = mkdtempSync(join(tmpdir(), 'vue-webmcp-api-'))

function configFor({ entry, report }) {
  return ExtractorConfig.prepare({
    configObject: {
      projectFolder: root,
      mainEntryPointFilePath: join(root, entry),
      compiler: {
        // The declarations as a consumer's bundler reads them; the package's own
        // tsconfig.json names src/ and test/, which the report does not read.
        overrideTsconfig: {
          compilerOptions: {
            target: 'ES2022',
            lib: ['ES2022', 'DOM'],
            module: 'ESNext',
            moduleResolution: 'Bundler',
            strict: true,
            types: [],
            // Vue's own declarations do not all pass the TypeScript API Extractor bundles; the
            // package's declarations are type-checked by test/dist/consumer, as a consumer's are.
            skipLibCheck: true,
          },
          files: [join(root, entry)],
        },
      },
      apiReport: {
        enabled: true,
        reportFileName: report,
        reportFolder: join(root, 'etc'),
        reportTempFolder: tempFolder,
        includeForgottenExports: false,
      },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      newlineKind: 'lf',
      messages: {
        // What API Extractor finds in the declarations (a type the surface uses but no entry
        // exports, among them) goes into the report as a `// Warning:` line, for review.
        compilerMessageReporting: { default: { logLevel: 'warning' } },
        extractorMessageReporting: {
          'default': { logLevel: 'warning', addToApiReportFile: true },
          // Release tags (@public, @beta) are a Microsoft convention this package does not use.
          'ae-missing-release-tag': { logLevel: 'none' },
          // Listed at the report's end with a file and line; the report's `(undocumented)`
          // beside each declaration says it without them.
          'ae-undocumented': { logLevel: 'none' },
        },
        // The doc comments are written for TypeDoc, not TSDoc's strict grammar.
        tsdocMessageReporting: { default: { logLevel: 'none' } },
      },
    },
    configObjectFullPath: undefined,
    packageJsonFullPath: join(root, 'package.json'),
  })
}

let failed = false
try {
  for (const target of ENTRIES) {
    const config = configFor(target)
    const reportPath = relative(root, config.reportFilePath)
    const result = Extractor.invoke(config, {
      localBuild: update,
      showVerboseMessages: false,
      printApiReportDiff: !update,
      messageCallback(message) {
        // API Extractor's own notes on the report (copy a temporary file, or one was written)
        // give way to the lines below; its compiler preamble says nothing the reader needs.
        if (message.messageId.startsWith('console-api-report-') && message.messageId !== 'console-api-report-diff')
          message.handled = true
        else if (message.messageId === 'console-preamble' || message.messageId === 'console-compiler-version-notice')
          message.handled = true
      },
    })
    if (update) {
      if (!result.succeeded && result.errorCount > 0) {
        failed = true
        console.error(`api-report: ${target.exportName}: API Extractor failed (${result.errorCount} errors)`)
      }
      else {
        console.log(`api-report: ${reportPath} ${result.apiReportChanged ? 'updated' : 'unchanged'}`)
      }
    }
    else if (result.apiReportChanged) {
      failed = true
      console.error(`\napi-report: the public API of ${target.exportName} (${target.entry}) differs from ${reportPath}.`
        + `\nIf the change is meant, run \`${UPDATE_COMMAND}\` and commit ${reportPath}: the diff above shows in review.`)
    }
    else if (!result.succeeded) {
      failed = true
      console.error(`api-report: ${target.exportName}: API Extractor reported ${result.errorCount} errors and ${result.warningCount} warnings`)
    }
    else {
      console.log(`api-report: ${target.exportName} matches ${reportPath}`)
    }
  }
}
finally {
  rmSync(tempFolder, { recursive: true, force: true })
}
process.exitCode = failed ? 1 : 0
