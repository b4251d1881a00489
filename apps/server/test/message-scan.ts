import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * Reads the member-facing texts out of the server's and the contracts' source with the TypeScript compiler, for the
 * coverage test of the Swahili catalogue (docs/decisions/039-server-texts-in-swahili.md). What it sees:
 * - the message of every `new AppError(code, message)` and `rateLimitedError(message, ...)`;
 * - every `msg:` property of an object literal (action results, `notify: { msg }`, `notifyMember(tx, { msg })`);
 * - in the contracts, the results of every function named `...Message`, every string given to zod as a message (`.min(n, '...')`, `{ error: '...' }`,
 *   `{ message: '...' }`) or to a helper that passes it to zod (`linkToken('...')`), and every value of an exported
 *   `*_MESSAGES` object.
 * A message is followed through constants (in any file, through imports), both arms of `a ? b : c` and `a ?? b`,
 * and the return expressions of a function it is the result of. A template literal becomes a pattern whose
 * `${...}` parts are `{}`. What it cannot see: a message built from a function parameter (the operator's broadcast
 * text, a provider's reason), string concatenation with `+`, and texts assembled from arrays; those are reported
 * as `unseen` with their place so the test can show them.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ScannedText {
  /** The text, `{}` where the source interpolates a value. */
  text: string;
  /** file:line of the expression the text came from. */
  where: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

function placeOf(node: ts.Node): string {
  const file = node.getSourceFile();
  const { line } = file.getLineAndCharacterOfPosition(node.getStart());
  return `${path.relative(ROOT, file.fileName)}:${line + 1}`;
}

class TextCollector {
  readonly texts: ScannedText[] = [];
  /** `file expression`: where a message comes from something the scan cannot read (a parameter, a column). */
  readonly unseen: string[] = [];
  private readonly visiting = new Set<ts.Node>();

  constructor(private readonly checker: ts.TypeChecker) {}

  add(expression: ts.Expression): void {
    if (this.visiting.has(expression)) return;
    this.visiting.add(expression);
    try {
      this.resolve(expression);
    } finally {
      this.visiting.delete(expression);
    }
  }

  private resolve(node: ts.Expression): void {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      this.texts.push({ text: node.text, where: placeOf(node) });
    } else if (ts.isTemplateExpression(node)) {
      const text = node.head.text + node.templateSpans.map((span) => `{}${span.literal.text}`).join('');
      this.texts.push({ text, where: placeOf(node) });
    } else if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) {
      this.add(node.expression);
    } else if (ts.isNumericLiteral(node) || ts.isRegularExpressionLiteral(node) || node.kind === ts.SyntaxKind.NullKeyword) {
      // Not a text: a bound given to zod, a pattern, no message.
    } else if (ts.isObjectLiteralExpression(node)) {
      for (const property of node.properties) if (ts.isPropertyAssignment(property)) this.add(property.initializer);
    } else if (ts.isAwaitExpression(node)) {
      this.add(node.expression);
    } else if (ts.isArrowFunction(node) && !ts.isBlock(node.body)) {
      this.add(node.body);
    } else if (ts.isConditionalExpression(node)) {
      this.add(node.whenTrue);
      this.add(node.whenFalse);
    } else if (
      ts.isBinaryExpression(node) &&
      (node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || node.operatorToken.kind === ts.SyntaxKind.BarBarToken)
    ) {
      this.add(node.left);
      this.add(node.right);
    } else if (ts.isIdentifier(node) || ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) {
      if (!this.followSymbol(node)) this.miss(node);
    } else if (ts.isCallExpression(node)) {
      if (!this.followCall(node)) this.miss(node);
    } else {
      this.miss(node);
    }
  }

  private miss(node: ts.Node): void {
    const file = path.relative(ROOT, node.getSourceFile().fileName);
    this.unseen.push(`${file} ${node.getText().split(/[\n(]/)[0]?.trim() ?? ''}`);
  }

  private declarationOf(node: ts.Node): ts.Declaration | undefined {
    let symbol = this.checker.getSymbolAtLocation(node);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
    return symbol?.valueDeclaration ?? symbol?.declarations?.[0];
  }

  private followSymbol(node: ts.Expression): boolean {
    const target = ts.isElementAccessExpression(node) ? node.expression : node;
    const declaration = this.declarationOf(ts.isPropertyAccessExpression(target) ? target.name : target);
    if (!declaration) return false;
    if (ts.isElementAccessExpression(node) && ts.isVariableDeclaration(declaration) && declaration.initializer) {
      // A lookup in a constant table (`LABELS[key]`): every value of the table.
      const table = unwrap(declaration.initializer);
      if (!ts.isObjectLiteralExpression(table)) return false;
      for (const property of table.properties) if (ts.isPropertyAssignment(property)) this.add(property.initializer);
      return true;
    }
    if (
      (ts.isVariableDeclaration(declaration) || ts.isPropertyAssignment(declaration) || ts.isParameter(declaration)) &&
      declaration.initializer
    ) {
      this.add(declaration.initializer);
      return true;
    }
    return false;
  }

  private followCall(node: ts.CallExpression): boolean {
    const declaration = this.declarationOf(
      ts.isPropertyAccessExpression(node.expression) ? node.expression.name : node.expression,
    );
    const body = declaration && functionBody(declaration);
    if (!body) return false;
    if (!ts.isBlock(body)) {
      this.add(body);
      return true;
    }
    const visit = (child: ts.Node): void => {
      if (ts.isReturnStatement(child) && child.expression) this.add(child.expression);
      else if (!ts.isFunctionLike(child)) ts.forEachChild(child, visit);
    };
    ts.forEachChild(body, visit);
    return true;
  }
}

function unwrap(node: ts.Expression): ts.Expression {
  let current = node;
  while (ts.isAsExpression(current) || ts.isSatisfiesExpression(current) || ts.isParenthesizedExpression(current))
    current = current.expression;
  return current;
}

function functionBody(declaration: ts.Declaration): ts.ConciseBody | undefined {
  if (ts.isFunctionDeclaration(declaration) || ts.isMethodDeclaration(declaration)) return declaration.body;
  if ((ts.isVariableDeclaration(declaration) || ts.isPropertyAssignment(declaration)) && declaration.initializer) {
    const initializer = unwrap(declaration.initializer);
    if (ts.isArrowFunction(initializer) || ts.isFunctionExpression(initializer)) return initializer.body;
  }
  return undefined;
}

/** An object property or a variable holding a message: `msg`, `insufficientMessage`, `closedMessage`, ... */
const MESSAGE_NAME = /^(msg|[a-z]\w*Message)$/;

/** Contract helpers whose string arguments are zod messages (`linkToken('The reset link is invalid')`). */
const MESSAGE_ARGUMENT_HELPERS = new Set(['linkToken']);

const ZOD_MESSAGE_METHODS = new Set(['min', 'max', 'length', 'regex', 'refine', 'gte', 'lte', 'gt', 'lt', 'int', 'positive']);

function program(files: string[]): ts.Program {
  return ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    noEmit: true,
    skipLibCheck: true,
    strict: true,
  });
}

/**
 * The texts of the server's source files under `apps/server/src` for which `include(relativePath)` is true, and of
 * the contracts' zod messages.
 */
export function scanMemberTexts(include: (file: string) => boolean): { texts: ScannedText[]; unseen: string[] } {
  const serverFiles = sourceFiles(path.join(ROOT, 'apps/server/src')).filter((file) =>
    include(path.relative(path.join(ROOT, 'apps/server/src'), file)),
  );
  const contractFiles = sourceFiles(path.join(ROOT, 'packages/contracts/src'));
  const built = program([...serverFiles, ...contractFiles]);
  const collector = new TextCollector(built.getTypeChecker());
  const isContract = (file: string) => file.startsWith(path.join(ROOT, 'packages/contracts/src'));
  for (const file of [...serverFiles, ...contractFiles]) {
    const source = built.getSourceFile(file);
    if (!source) throw new Error(`Not in the program: ${file}`);
    const contract = isContract(file);
    const visit = (node: ts.Node): void => {
      if (ts.isNewExpression(node) && node.expression.getText() === 'AppError' && node.arguments?.[1]) {
        collector.add(node.arguments[1]);
      } else if (ts.isCallExpression(node) && node.expression.getText() === 'rateLimitedError' && node.arguments[0]) {
        collector.add(node.arguments[0]);
      } else if (
        (ts.isPropertyAssignment(node) || ts.isVariableDeclaration(node)) &&
        !contract &&
        node.initializer &&
        MESSAGE_NAME.test(node.name.getText())
      ) {
        collector.add(node.initializer);
      } else if (contract) {
        visitContract(node, collector);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { texts: collector.texts, unseen: collector.unseen };
}

function visitContract(node: ts.Node, collector: TextCollector): void {
  if (ts.isFunctionDeclaration(node) && node.name && /Message$/.test(node.name.text) && node.body) {
    // A message the contracts build for both sides (`minimumWithdrawalMessage`, `dailyPaidMessage`).
    const visitReturns = (child: ts.Node): void => {
      if (ts.isReturnStatement(child) && child.expression) collector.add(child.expression);
      else if (!ts.isFunctionLike(child)) ts.forEachChild(child, visitReturns);
    };
    ts.forEachChild(node.body, visitReturns);
  } else if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
    if (MESSAGE_ARGUMENT_HELPERS.has(node.expression.text))
      for (const argument of node.arguments) if (ts.isStringLiteral(unwrap(argument))) collector.add(argument);
  } else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
    if (ZOD_MESSAGE_METHODS.has(node.expression.name.text)) {
      for (const argument of node.arguments) {
        const value = unwrap(argument);
        if (ts.isStringLiteral(value) || ts.isIdentifier(value) || ts.isTemplateExpression(value)) {
          if (!ts.isIdentifier(value) || /^[A-Z_]+$/.test(value.text)) collector.add(value);
        }
      }
    }
  } else if (ts.isPropertyAssignment(node) && ['error', 'message'].includes(node.name.getText())) {
    const value = unwrap(node.initializer);
    // A field named `message` (a broadcast's text) is a schema, not a message.
    if (!ts.isArrowFunction(value) && !ts.isFunctionExpression(value) && !ts.isCallExpression(value)) collector.add(value);
  } else if (
    ts.isVariableDeclaration(node) &&
    /_MESSAGES$/.test(node.name.getText()) &&
    node.initializer &&
    ts.isObjectLiteralExpression(unwrap(node.initializer))
  ) {
    for (const property of (unwrap(node.initializer) as ts.ObjectLiteralExpression).properties)
      if (ts.isPropertyAssignment(property)) collector.add(property.initializer);
  }
}
