import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACTION_SCHEMAS } from '@tuzo/contracts';
import { isActionName, isIdempotentAction } from '@tuzo/contracts/actions';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

/**
 * The web calls actions only as the catalogue says (packages/contracts actions*.ts, decision 050), read statically
 * from the web's sources with the TypeScript parser:
 * - `callAction('name', { idempotencyKey })` only for a catalogue action marked idempotent (the server ignores the key
 *   elsewhere), and only names the catalogue knows;
 * - no contract type restated: no type alias or interface built with Omit, Pick, Partial, Required, `&`, a mapped
 *   `keyof` or `extends` over a type imported from '@tuzo/contracts', and no hand-written object type whose keys are
 *   exactly those of a catalogue payload or answer (use `ActionPayload<'name'>` / `ActionData<'name'>`).
 * The client refuses a key for a non-idempotent action at run time too (api-client.test.tsx).
 */

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Derivations that restate nothing, each with its reason. */
const ALLOWED = new Set([
  // Adapts the envelope's `info` to the notification queue (typed loosely, checked one by one).
  'lib/api-client.ts:ApiEnvelope',
  // The typed client's own options: the payload of the action beside the request's settings.
  'lib/api-client.ts:CallActionOptions',
  // The video form's fields (every one filled in), not a payload or an answer.
  'features/admin-content/components/videos-tab.tsx:VideoFields',
  // The login form's fields (the code field is always there, empty until asked for).
  'features/auth/api/login-schema.ts:LoginFields',
  // A row of the team table: a level's counts with the level itself.
  'features/team/components/team-power-table.tsx:PowerRow',
  // A video list with the answer's message beside it (shown when the list is empty).
  'features/videos/api/get-youtube-videos.ts:VideoListResult',
  // The team page's own search state ('all' and the raw text), turned into the payload by getMyDownlines.
  'features/team/api/get-my-downlines.ts:MyDownlinesParams',
]);
const CATALOGUE_TYPES = new Set(['ActionPayload', 'ActionData']);
const CALL_LAYER = /^(features\/[^/]+\/api|lib)\//;
const UTILITY_TYPES = new Set(['Omit', 'Pick', 'Partial', 'Required', 'Readonly']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The key sets of every catalogue payload and answer object (and of a list answer's rows), two keys or more. */
function catalogueKeySets(): Map<string, string> {
  const sets = new Map<string, string>();
  const visit = (schema: z.ZodType, label: string): void => {
    const def = (schema as unknown as { def: Record<string, unknown> & { type: string } }).def;
    if (def.type === 'object') {
      const shape = def.shape as Record<string, z.ZodType>;
      const keys = Object.keys(shape).sort();
      if (keys.length >= 2 && !sets.has(keys.join(','))) sets.set(keys.join(','), label);
    } else if (def.type === 'array') visit(def.element as z.ZodType, `${label}[]`);
    else if (def.type === 'union') for (const option of def.options as z.ZodType[]) visit(option, label);
    else if (def.type === 'pipe') visit(def.in as z.ZodType, label);
    else if (['optional', 'nullable', 'default', 'readonly'].includes(def.type)) visit(def.innerType as z.ZodType, label);
  };
  for (const [name, [payload, data]] of Object.entries(ACTION_SCHEMAS)) {
    visit(payload, `${name} payload`);
    visit(data, `${name} data`);
  }
  return sets;
}
const KEY_SETS = catalogueKeySets();

/** What a web source does against the catalogue, one line a finding. */
export function scanSource(file: string, text: string): string[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const at = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const contractNames = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || (statement.moduleSpecifier as ts.StringLiteral).text !== '@tuzo/contracts')
      continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) contractNames.add(element.name.text);
  }
  /**
   * True when `node` names a type imported from the contracts. `ActionPayload<'x'>` and `ActionData<'x'>` are the
   * catalogue's own types: narrowing them (Omit, Pick, a mapped `keyof`) is allowed, unless `strict` (an intersection
   * adds or overrides keys, which is restating).
   */
  const mentionsContract = (node: ts.Node, strict = false): boolean => {
    let found = false;
    const visit = (child: ts.Node): void => {
      const name =
        ts.isTypeReferenceNode(child) && ts.isIdentifier(child.typeName)
          ? child.typeName.text
          : ts.isExpressionWithTypeArguments(child) && ts.isIdentifier(child.expression)
            ? child.expression.text
            : null;
      if (name && contractNames.has(name) && (strict || !CATALOGUE_TYPES.has(name))) found = true;
      if (!found) ts.forEachChild(child, visit);
    };
    visit(node);
    return found;
  };
  const findings: string[] = [];
  const isAllowed = (node: ts.Node): boolean => {
    for (let at: ts.Node | undefined = node; at; at = at.parent) {
      if ((ts.isTypeAliasDeclaration(at) || ts.isInterfaceDeclaration(at)) && ALLOWED.has(`${file}:${at.name.text}`)) return true;
    }
    return false;
  };
  const restates = (typeNode: ts.Node): boolean => {
    let found = false;
    const visit = (node: ts.Node): void => {
      if (found) return;
      if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName) && UTILITY_TYPES.has(node.typeName.text)) {
        if (node.typeArguments?.[0] && mentionsContract(node.typeArguments[0])) found = true;
      } else if (ts.isIntersectionTypeNode(node) && node.types.some((type) => mentionsContract(type, true))) found = true;
      else if (ts.isMappedTypeNode(node) && node.typeParameter.constraint && mentionsContract(node.typeParameter.constraint))
        found = true;
      ts.forEachChild(node, visit);
    };
    visit(typeNode);
    return found;
  };
  const visit = (node: ts.Node): void => {
    if (ts.isTypeAliasDeclaration(node) || ts.isInterfaceDeclaration(node)) {
      const derived = ts.isTypeAliasDeclaration(node)
        ? restates(node.type)
        : (node.heritageClauses ?? []).some((clause) => clause.types.some((type) => mentionsContract(type, true)));
      if (derived && !isAllowed(node)) findings.push(`${at(node)} ${node.name.text} restates a contract type`);
    }
    // Hand-written payload and answer shapes live in the call layer (features/*/api, lib); forms keep their own fields.
    if ((ts.isTypeLiteralNode(node) || ts.isInterfaceDeclaration(node)) && CALL_LAYER.test(file) && !isAllowed(node)) {
      const keys = node.members
        .map((member) =>
          member.name && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name)) ? member.name.text : '',
        )
        .filter(Boolean)
        .sort()
        .join(',');
      const match = KEY_SETS.get(keys);
      if (match) findings.push(`${at(node)} hand-written type with the keys of ${match}: {${keys}}`);
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'callAction') {
      const [name, options] = node.arguments;
      if (name && ts.isStringLiteral(name)) {
        const withKey =
          options &&
          ts.isObjectLiteralExpression(options) &&
          options.properties.some((property) => property.name?.getText() === 'idempotencyKey');
        if (!isActionName(name.text)) findings.push(`${at(node)} calls ${name.text}, which is not in the catalogue`);
        else if (withKey && !isIdempotentAction(name.text))
          findings.push(`${at(node)} sends an Idempotency-Key to ${name.text}, which does not honour it`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

describe('the web against the action catalogue', () => {
  it('sends keys only where they are honoured and restates no contract type', () => {
    const findings = sourceFiles(SRC).flatMap((file) => scanSource(path.relative(SRC, file), readFileSync(file, 'utf8')));
    expect(findings).toEqual([]);
  }, 30_000);

  it('catches the old patterns (a sample of the tree before the catalogue)', () => {
    const before = `
      import type { AdminMarkPayoutPaidPayload, WithdrawData, WithdrawPayload, AdminPayoutsPayload } from '@tuzo/contracts';
      export type SystemWithdrawalRequest = Omit<WithdrawPayload, 'amount'> & { amount: string };
      export type MarkPayoutPaidInput = Omit<AdminMarkPayoutPaidPayload, 'id'> & { id: string };
      export type PayoutsFilter = { [K in keyof Omit<AdminPayoutsPayload, 'page' | 'limit'>]?: string };
      export interface DepositRequest { username: string; amount: string; reference: string; reason?: string }
      export interface Filters extends WithdrawData { extra: string }
      export const retry = (id: string, key: string) => callAction('adminsuspend', { payload: { id }, idempotencyKey: key });
      export const old = () => callAction('nosuchaction');
    `;
    const findings = scanSource('features/sample/api/sample.ts', before);
    expect(findings).toEqual([
      expect.stringContaining('SystemWithdrawalRequest restates a contract type'),
      expect.stringContaining('MarkPayoutPaidInput restates a contract type'),
      expect.stringContaining('PayoutsFilter restates a contract type'),
      expect.stringContaining('hand-written type with the keys of admindeposit payload'),
      expect.stringContaining('Filters restates a contract type'),
      expect.stringContaining('sends an Idempotency-Key to adminsuspend'),
      expect.stringContaining('calls nosuchaction, which is not in the catalogue'),
    ]);
    const after = `
      import type { ActionPayload } from '@tuzo/contracts';
      export type SystemWithdrawalRequest = ActionPayload<'systemwithdrawal'>;
      export const send = (payload: SystemWithdrawalRequest, key: string) =>
        callAction('systemwithdrawal', { payload, idempotencyKey: key });
    `;
    expect(scanSource('features/sample/api/sample.ts', after)).toEqual([]);
  });
});
