import { shallowRef } from 'vue';

/**
 * In-app questions instead of window.confirm/prompt: Electron has no native prompt box at all, and
 * native boxes cannot be styled, tested or read by a screen reader in the page's own words.
 * One question is on screen at a time; later ones wait their turn.
 */
export interface DialogQuestion {
  title: string;
  text?: string;
  /** The button that says yes, in words ("Revoke", "Switch to LIVE"), never just "OK". */
  confirmLabel: string;
  cancelLabel?: string;
  /** A red button for what cannot be undone. */
  danger?: boolean;
  /**
   * With a label the dialog asks for a line of text: it opens in the field, Enter sends, and a
   * blank answer is refused beside the field without answering.
   */
  input?: {
    label: string;
    initial?: string;
    /** The node's own floor for a reason ("at least 3 characters"), checked before sending. */
    minLength?: number;
  };
}

interface Pending {
  question: DialogQuestion;
  answer: (value: string | null) => void;
}

const queue: Pending[] = [];
/** The question on screen, read by AppDialogHost. */
export const currentQuestion = shallowRef<DialogQuestion | null>(null);

function ask(question: DialogQuestion): Promise<string | null> {
  return new Promise((resolve) => {
    queue.push({ question, answer: resolve });
    if (queue.length === 1) currentQuestion.value = question;
  });
}

/** Answers the question on screen: text (or '' for a plain yes), or null for cancel. */
export function answerQuestion(value: string | null): void {
  const head = queue.shift();
  if (!head) return;
  currentQuestion.value = queue[0]?.question ?? null;
  head.answer(value);
}

/** Yes or no: resolves true only when the confirm button is pressed. */
export async function askConfirm(question: Omit<DialogQuestion, 'input'>): Promise<boolean> {
  return (await ask(question)) !== null;
}

/** A line of text, trimmed, or null when cancelled. */
export async function askText(
  question: DialogQuestion & { input: NonNullable<DialogQuestion['input']> },
): Promise<string | null> {
  const answer = await ask(question);
  return answer === null ? null : answer.trim();
}
