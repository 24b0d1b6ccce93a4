/**
 * The sentences the server can answer a person with, from the string (and template) literals of server/src and
 * common/ (tests aside): those that read as a sentence (a capital first, a full stop, question or exclamation mark
 * last), and phrases of two words or more in a messages object (`…MESSAGES = {`), a `message:`/`error:` property or
 * a call that words a refusal (`notFound('Story not found')`, zod's `.max(100, '…')`); every template of words
 * (`words('{0} liked your story “{1}”', …)`, common/words.ts) and the titles and labels they are made of.
 * Templates keep their holes as {0}, {1}…, matched against the message at answer time
 * (server/src/lib/i18n/server-messages.ts). `tsx server/src/lib/i18n/test-support/server-sentences.ts` prints them.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '../../../../..');
const DIRS = ['server/src', 'common'];
const SENTENCE = /^[A-Z"“][^\n]*[a-z0-9)"”'’}][.!?]$/;
/** An operator's setting named first (`MEDIA_SECRET must…`): said to whoever runs the server, in English. */
const OPERATOR = /^[A-Z0-9_]{3,}\b(?![a-z])/;
const PHRASE = /^[A-Z][^\n]* [^\n]*[a-z0-9)},:]$/;
const REFUSALS = new Set([
  'badRequest',
  'notFound',
  'forbidden',
  'unauthorized',
  'conflict',
  'gone',
  'min',
  'max',
  'length',
  'regex',
  'refine',
  'email',
  'url',
  'nonempty',
]);

/** Objects and constants whose texts are said to a person, in words (notifications) or as refusals. */
const SAID_CONSTANTS = /(MESSAGES|NOTIFICATION_TEXTS|OUTCOME_TEXTS|REASON_LABELS|_TITLE)$/;

/** Is the literal the template of words (the first argument of `words(…)`, in either branch of a condition)? */
function wordsTemplate(node: ts.Node): boolean {
  let up: ts.Node = node;
  while (ts.isConditionalExpression(up.parent) && up.parent.condition !== up) up = up.parent;
  const call = up.parent;
  return (
    ts.isCallExpression(call) &&
    call.arguments[0] === up &&
    ts.isIdentifier(call.expression) &&
    call.expression.text === 'words'
  );
}

/** Is the literal a phrase said to a person: in a messages object, a message property or a refusal's words? */
function saidToAPerson(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name) && /^(message|error)$/.test(parent.name.text)) {
    return true;
  }
  if (ts.isCallExpression(parent) && parent.arguments.includes(node as ts.Expression)) {
    const callee = parent.expression;
    const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
    return REFUSALS.has(name);
  }
  for (let up: ts.Node | undefined = parent; up; up = up.parent) {
    if (ts.isVariableDeclaration(up)) return ts.isIdentifier(up.name) && SAID_CONSTANTS.test(up.name.text);
    if (ts.isFunctionLike(up)) return false;
  }
  return false;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return ['test-support', 'migrations', 'ops'].includes(entry.name) ? [] : sourceFiles(full);
    return /\.ts$/.test(entry.name) && !/\.(test|d)\.ts$/.test(entry.name) ? [full] : [];
  });
}

export function serverSentences(): string[] {
  const found = new Set<string>();
  for (const file of DIRS.flatMap((dir) => sourceFiles(path.join(ROOT, dir)))) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      let text: string | undefined;
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
      else if (ts.isTemplateExpression(node)) {
        text = node.head.text + node.templateSpans.map((span, i) => `{${i}}${span.literal.text}`).join('');
      }
      if (text !== undefined && !ts.isImportDeclaration(node.parent)) {
        const said =
          (wordsTemplate(node) && /[a-z]/i.test(text)) ||
          SENTENCE.test(text) ||
          (PHRASE.test(text) && saidToAPerson(node));
        if (said && !OPERATOR.test(text)) found.add(text);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return [...found].sort();
}

if (process.argv[1] === import.meta.filename) console.log(serverSentences().join('\n'));
