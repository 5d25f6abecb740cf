// react-toastify without the <style> element its main entry injects (a strict Content-Security-Policy,
// `style-src 'self'`, refuses it, and the toasts then render unstyled, full width and never close): the
// `unstyled` entry plus its stylesheet, which the build emits as a CSS file loaded by a <link> with this
// chunk. Loaded on the first toast only (see ./notify).
import 'react-toastify/ReactToastify.css';
import '@/styles/toasts.css';

export { ToastContainer, toast } from 'react-toastify/unstyled';
