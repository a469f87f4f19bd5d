import ReactQuill from 'react-quill-new';
import 'react-quill-new/dist/quill.snow.css';
import './editor.css';
import type { FieldInputProps } from '../../framework/registry';

const modules = {
  toolbar: [
    [{ header: [1, 2, 3, false] }],
    ['bold', 'italic', 'underline', 'strike'],
    [{ color: [] }, { background: [] }],
    [{ list: 'ordered' }, { list: 'bullet' }],
    [{ align: [] }],
    ['link', 'blockquote', 'code-block'],
    ['clean'],
  ],
};

/** Quill's empty document is `<p><br></p>`: store that as an empty string so "required" works. */
export function normalizeHtml(html: string): string {
  return /^(<p>(<br\s*\/?>|\s|&nbsp;)*<\/p>)*$/i.test(html.trim()) ? '' : html;
}

/** A rich-text input for `html` fields (value/onChange as antd Form passes them). Lazy-loaded where used. */
export default function HtmlEditor({ value, onChange }: Partial<FieldInputProps>) {
  return (
    <div className="html-editor">
      <ReactQuill
        theme="snow"
        value={value ?? ''}
        onChange={(html) => onChange?.(normalizeHtml(html))}
        modules={modules}
        placeholder="请输入内容"
      />
    </div>
  );
}
