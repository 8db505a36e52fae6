import { ref } from 'vue';

/** Short notes that come and go on their own (AppToastHost shows them), instead of the native alert box. */
export interface Toast {
  id: number;
  kind: 'error' | 'success' | 'info';
  text: string;
}

export const toasts = ref<Toast[]>([]);
let nextId = 1;

export function showToast(text: string, kind: Toast['kind'] = 'info'): Toast {
  const toast = { id: nextId++, kind, text };
  toasts.value = [...toasts.value, toast];
  return toast;
}

export function dismissToast(id: number): void {
  toasts.value = toasts.value.filter((t) => t.id !== id);
}
