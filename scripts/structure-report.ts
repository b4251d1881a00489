/**
 * `npm run structure`: the structure figures the issues track, measured on the source as it is (tests left out).
 * Functions over 70 lines (their whole span), files over 250 lines, repository functions a service re-exports
 * unchanged, and imports of another server module's files other than its front door (`index.ts`).
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOTS = ['apps/server/src', 'apps/web/src', 'packages/contracts/src', 'tools/provider-sim/src'];
const MODULES = 'apps/server/src/modules';
/** Kernel modules' front doors may publish repository functions (decision 049); they are not pass-throughs. */
const KERNEL_FILE = path.join(MODULES, 'kernel-modules.json');
const KERNEL: string[] = fs.existsSync(KERNEL_FILE) ? (JSON.parse(fs.readFileSync(KERNEL_FILE, 'utf8')) as string[]) : [];

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

function lineOf(source: ts.SourceFile, pos: number): number {
  return source.getLineAndCharacterOfPosition(pos).line;
}

function functionName(node: ts.Node): string {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name) return node.name.getText();
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText();
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText();
  return '(anonymous)';
}

interface Report {
  longFunctions: string[];
  longFiles: string[];
  reExports: string[];
  crossModule: string[];
}

function moduleOf(file: string): string | null {
  const rel = path.relative(MODULES, file);
  if (rel.startsWith('..')) return null;
  const [first] = rel.split(path.sep);
  return rel.includes(path.sep) ? (first ?? null) : null;
}

function inspect(file: string, report: Report): void {
  const text = fs.readFileSync(file, 'utf8');
  const lines = text.split('\n').length;
  if (lines > 250) report.longFiles.push(`${file} ${lines}`);
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  // Names imported from a repository or read model: `export { name }` of one of them is a pass-through too.
  const fromRepository = new Set<string>();
  for (const statement of source.statements) {
    const bindings = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : undefined;
    const spec =
      ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : '';
    if (bindings && ts.isNamedImports(bindings) && /\.(repository|read-model)(\.ts)?$/.test(spec)) {
      for (const element of bindings.elements) fromRepository.add(element.name.text);
    }
  }
  const visit = (node: ts.Node): void => {
    if (ts.isExportDeclaration(node) && !node.moduleSpecifier && node.exportClause && ts.isNamedExports(node.exportClause)) {
      for (const element of node.exportClause.elements) {
        if (fromRepository.has((element.propertyName ?? element.name).text))
          report.reExports.push(`${file} ${element.getText()}`);
      }
    }
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isArrowFunction(node) ||
      ts.isFunctionExpression(node) ||
      ts.isMethodDeclaration(node)
    ) {
      const span = lineOf(source, node.getEnd()) - lineOf(source, node.getStart()) + 1;
      if (span > 70) report.longFunctions.push(`${file}:${lineOf(source, node.getStart()) + 1} ${functionName(node)} ${span}`);
    }
    if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (
        /\.(repository|read-model)(\.ts)?$/.test(node.moduleSpecifier.text) &&
        node.exportClause &&
        ts.isNamedExports(node.exportClause) &&
        !(path.basename(file) === 'index.ts' && KERNEL.includes(moduleOf(file) ?? ''))
      ) {
        // A front door may name a repository's row type (a shape, not a function).
        const isIndex = path.basename(file) === 'index.ts';
        for (const element of node.exportClause.elements) {
          if (!(isIndex && (node.isTypeOnly || element.isTypeOnly))) report.reExports.push(`${file} ${element.getText()}`);
        }
      }
    }
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const spec = node.moduleSpecifier.text;
      if (spec.startsWith('.')) {
        const target = path.normalize(path.join(path.dirname(file), spec));
        const targetModule = moduleOf(target);
        if (targetModule && targetModule !== moduleOf(file) && path.basename(target).replace(/\.ts$/, '') !== 'index') {
          report.crossModule.push(`${file} -> ${path.relative(MODULES, target)}`);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

const wantList = process.argv.includes('--list');
const totals: Record<string, Report> = {};
for (const root of ROOTS) {
  const report: Report = { longFunctions: [], longFiles: [], reExports: [], crossModule: [] };
  for (const file of sourceFiles(root)) inspect(file, report);
  totals[root] = report;
}
for (const [root, report] of Object.entries(totals)) {
  console.log(
    `${root}: functions over 70 lines ${report.longFunctions.length}, files over 250 lines ${report.longFiles.length}, ` +
      `re-exported repository functions ${report.reExports.length}, cross-module imports of non-public files ${report.crossModule.length}`,
  );
  if (wantList) {
    for (const [label, items] of Object.entries(report)) for (const item of items as string[]) console.log(`  ${label}: ${item}`);
  }
}
