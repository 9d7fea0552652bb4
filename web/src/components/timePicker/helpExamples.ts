/**
 * The phrases the text entry's help lists: texts `example-<key>` (the phrase) and `example-<key>-meaning` in each
 * language. Each phrase is checked to be understood in its language (naturalTime.test.ts).
 */
export const HELP_EXAMPLES = ['minutes-ago', 'yesterday', 'last-weekday', 'weekday', 'date', 'now'] as const;
