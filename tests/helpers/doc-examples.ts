/**
 * Reads the runnable examples out of a Markdown document: each ```sh block, its commands
 * (continuation lines joined, comments and blank lines left out) and what the document shows
 * beneath it: the stated `Answer HTTP NNN:` and the next fenced block before the following
 * ```sh block, one line per command that prints. Line numbers are the document's, 1-based.
 */

export interface DocCommand {
  /** The command as one line, continuations joined. */
  text: string;
  line: number;
}

export interface DocBlock {
  lang: string;
  lines: { text: string; line: number }[];
  line: number;
}

export interface DocExample {
  commands: DocCommand[];
  line: number;
  /** Set when the prose between the commands and their answer says `Answer HTTP NNN`. */
  statedStatus: number | null;
  answer: DocBlock | null;
  /** Further fenced blocks before the next ```sh block (a webhook receiver's printout). */
  after: DocBlock[];
  /** The prose above the commands, back to the previous fenced block. */
  prose: string;
}

function fencedBlocks(markdown: string): { blocks: DocBlock[]; proseBefore: string[] } {
  const lines = markdown.split('\n');
  const blocks: DocBlock[] = [];
  const proseBefore: string[] = [];
  let prose: string[] = [];
  for (let n = 0; n < lines.length; n++) {
    const open = /^```(\S*)\s*$/.exec(lines[n]!);
    if (!open) {
      prose.push(lines[n]!);
      continue;
    }
    const block: DocBlock = { lang: open[1]!, lines: [], line: n + 1 };
    for (n++; n < lines.length && !/^```\s*$/.test(lines[n]!); n++)
      block.lines.push({ text: lines[n]!, line: n + 1 });
    if (n >= lines.length) throw new Error(`line ${block.line}: a fenced block is never closed`);
    blocks.push(block);
    proseBefore.push(prose.join('\n'));
    prose = [];
  }
  return { blocks, proseBefore };
}

export function shellCommands(block: DocBlock): DocCommand[] {
  const commands: DocCommand[] = [];
  let current: DocCommand | null = null;
  for (const { text, line } of block.lines) {
    if (!current && (text.trim() === '' || text.trim().startsWith('#'))) continue;
    const continued = text.endsWith('\\');
    const part = continued ? text.slice(0, -1) : text;
    if (current) current.text += ` ${part.trim()}`;
    else current = { text: part.trimEnd(), line };
    if (!continued) {
      commands.push(current);
      current = null;
    }
  }
  if (current) throw new Error(`line ${current.line}: a command ends in a continuation`);
  return commands;
}

export function docExamples(markdown: string): DocExample[] {
  const { blocks, proseBefore } = fencedBlocks(markdown);
  const examples: DocExample[] = [];
  for (let b = 0; b < blocks.length; b++) {
    const block = blocks[b]!;
    if (block.lang !== 'sh') continue;
    const example: DocExample = {
      commands: shellCommands(block),
      line: block.line,
      statedStatus: null,
      answer: null,
      after: [],
      prose: proseBefore[b]!,
    };
    for (let a = b + 1; a < blocks.length && blocks[a]!.lang !== 'sh'; a++) {
      if (example.answer) {
        example.after.push(blocks[a]!);
        continue;
      }
      example.answer = blocks[a]!;
      const stated = /Answer HTTP (\d{3})/.exec(proseBefore[a]!);
      if (stated) example.statedStatus = Number(stated[1]);
    }
    examples.push(example);
  }
  return examples;
}
