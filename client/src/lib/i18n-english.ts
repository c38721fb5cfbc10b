import common from '../../../common/locales/en/common.json';
import messages from '../../../common/locales/en/messages.json';

/**
 * The English texts in the first-load script: the frame's (header, footer, dialogs' buttons)
 * and the shared messages, which are looked up by their English text. Every other namespace,
 * English too, loads as its own chunk as the app starts (decision 090).
 */
export const englishCatalogues = { common, messages };
