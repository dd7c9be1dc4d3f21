/** One plain spelling of a phrase of the dialect: first alternatives, optional parts left out, classes filled in. */
export function spellingOf(phrase: string): string {
  let text = phrase;
  for (let previous = ''; previous !== text; ) {
    previous = text;
    text = text
      .replace(/\(\?[=!][^()]*\)/g, '')
      .replace(/\(\?:([^()]*)\)\?/g, '')
      .replace(/\(\?:([^()|]*)(?:\|[^()]*)?\)(?:\{\d+,\d+\}\??)?/g, '$1')
      .replace(/(?:\\.|[^\\()])\?/g, '');
  }
  return text
    .replace(/\[[^\]]*\]\*/g, '')
    .replace(/\\d\{(\d+),\d+\}|\\d/g, (_, times: string | undefined) => '1'.repeat(Math.max(1, Number(times ?? 1))))
    .replace(/\[\^ \]\+|\[a-z\]\+/g, 'abc')
    .replace(/\[([^\]])[^\]]*\]/g, '$1')
    .replace(/\\(.)/g, '$1');
}

