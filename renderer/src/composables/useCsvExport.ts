import { ref, type Ref } from 'vue';
import { downloadLink } from '../lib/download.js';
import { errorText } from '../stores/runner.js';

/**
 * A CSV the node makes, exported in two steps: started with fetch (the node makes its checks
 * and reads the first page; a refusal is an answer for the page to say), then downloaded by the
 * one-time link it answers. A plain link's refused download was a failed file named after the
 * JSON. The refusal goes to `error`: the page's own (an admin page's head) or one of its own.
 */
export function useCsvExport(error: Ref<string> = ref('')) {
  const exporting = ref(false);
  async function exportCsv(start: () => Promise<string>): Promise<void> {
    error.value = '';
    exporting.value = true;
    try {
      downloadLink(await start());
    } catch (e) {
      error.value = `The CSV was not exported: ${errorText(e)}`;
    } finally {
      exporting.value = false;
    }
  }
  return { error, exporting, exportCsv };
}
