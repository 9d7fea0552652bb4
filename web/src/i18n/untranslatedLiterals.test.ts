import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The untranslated-literal audit (issue 12): no component shows text written in its code instead of taken from the
 * locale catalogs with `t(...)`. Every `.tsx` file under src/ (not tests and their helpers in `test/` folders) is
 * parsed with the TypeScript compiler; a finding is
 * - JSX text with a letter (`<Text>Hello</Text>`),
 * - a string with a letter given to a text attribute (`title`, `label`, `aria-label`, ..., `confirmLabel`), directly or
 *   as a branch of `?:`, `||`, `??` or `&&` (`label={busy ? 'Saving' : 'Save'}`), or the static part of a template,
 * - the same kind of string as a JSX child expression (`{'Hello'}`, `{busy ? 'Saving' : null}`).
 */

const sources = import.meta.glob<string>(['/src/**/*.tsx', '!/src/**/*.test.tsx', '!/src/**/test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** JSX attributes whose value people read (or hear, for `aria-*`): Mantine's and the portal's text props. */
const TEXT_ATTRIBUTE = new RegExp(
  [
    /^(title|label|placeholder|alt|description|error|tooltip|heading|message|caption)$/.source,
    /^aria-(label|roledescription|valuetext)$/.source,
    /(Label|Title|Text|Message|Placeholder|Description)$/.source, // confirmLabel, cancelLabel, emptyText, ...
  ].join('|'),
);

/** Literal texts that are the same in every language. Each must still occur (a test), so the list stays short. */
const ALLOWED: readonly (string | RegExp)[] = [
  /^\.mp4$/, // the file extension shown after an export's file name input
  'x', // the multiplier sign after a playback speed ({speed}x: 0.25x … 4x)
  'xxxxx-xxxxx', // the format of a two-factor recovery code, as the code field's placeholder
];

interface Finding {
  where: string;
  kind: string;
  text: string;
}

const normalized = (text: string) => text.replace(/\s+/g, ' ').trim();
const hasLetter = (text: string) => /\p{L}/u.test(text);
const allowedBy = (text: string) =>
  ALLOWED.find((allowed) => (typeof allowed === 'string' ? allowed === text : allowed.test(text)));

/** The literal texts an expression can evaluate to, through parentheses, conditions and templates' static parts. */
function literalTexts(expression: ts.Expression | undefined): { node: ts.Node; text: string }[] {
  if (!expression) return [];
  if (ts.isParenthesizedExpression(expression)) return literalTexts(expression.expression);
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) {
    return [{ node: expression, text: expression.text }];
  }
  if (ts.isTemplateExpression(expression)) {
    const parts = [expression.head.text, ...expression.templateSpans.map((span) => span.literal.text)];
    return [{ node: expression, text: parts.join(' ') }];
  }
  if (ts.isConditionalExpression(expression)) {
    return [...literalTexts(expression.whenTrue), ...literalTexts(expression.whenFalse)];
  }
  const { BarBarToken, QuestionQuestionToken, AmpersandAmpersandToken } = ts.SyntaxKind;
  const choice = [BarBarToken, QuestionQuestionToken, AmpersandAmpersandToken];
  if (ts.isBinaryExpression(expression) && choice.includes(expression.operatorToken.kind)) {
    return [...literalTexts(expression.left), ...literalTexts(expression.right)];
  }
  return [];
}

/** Every literal text of a file that people would see, with where it is. */
function literalsIn(path: string, source: string): Finding[] {
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: Finding[] = [];
  const add = (node: ts.Node, kind: string, text: string) => {
    const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
    if (hasLetter(text)) found.push({ where: `${path.slice(1)}:${line}`, kind, text: normalized(text) });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node)) add(node, 'JSX text', node.text);
    else if (ts.isJsxExpression(node) && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      for (const literal of literalTexts(node.expression)) add(literal.node, 'JSX child', literal.text);
    } else if (ts.isJsxAttribute(node) && node.initializer && TEXT_ATTRIBUTE.test(node.name.getText(file))) {
      const { initializer } = node;
      const literals = ts.isStringLiteral(initializer)
        ? [{ node: initializer, text: initializer.text }]
        : ts.isJsxExpression(initializer)
          ? literalTexts(initializer.expression)
          : [];
      for (const literal of literals) add(literal.node, `attribute ${node.name.getText(file)}`, literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const literals = Object.entries(sources).flatMap(([path, source]) => literalsIn(path, source));

describe('untranslated literals', () => {
  it('finds the component files', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
  });

  it('shows no text written in a component instead of taken from a locale catalog', () => {
    const findings = literals
      .filter(({ text }) => !allowedBy(text))
      .map(({ where, kind, text }) => `${where} ${kind}: "${text}"`);
    if (findings.length) console.error(`Untranslated literals:\n${findings.join('\n')}`);
    expect(findings).toEqual([]);
  });

  it('has no allow-list entry that no longer occurs', () => {
    const used = new Set(literals.map(({ text }) => allowedBy(text)));
    expect(ALLOWED.filter((allowed) => !used.has(allowed))).toEqual([]);
  });

  it('recognises each kind of literal (a check of the audit itself)', () => {
    const sample = `
      const A = () => <Button title="Close" aria-label={open ? 'Hide' : t('show')} confirmLabel={\`Delete \${n}\`}>
        Save {'now'} {busy && 'Busy'} {t('ok')} <Icon size="sm" /> {count} 42
      </Button>;`;
    expect(literalsIn('/sample.tsx', sample).map(({ kind, text }) => `${kind}: ${text}`)).toEqual([
      'attribute title: Close',
      'attribute aria-label: Hide',
      'attribute confirmLabel: Delete',
      'JSX text: Save',
      'JSX child: now',
      'JSX child: Busy',
    ]);
  });
});
