import { useRef, useState, type DragEvent } from 'react';

/** A CSV chosen with the file dialog or dropped on the box; the file's text is handed on. */
export function FilePicker({ onFile, disabled }: { onFile: (file: { name: string; text: string }) => void; disabled?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const take = async (file: File | undefined) => {
    if (file) onFile({ name: file.name, text: await file.text() });
  };
  const dropped = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) void take(event.dataTransfer.files[0]);
  };
  return (
    <div
      className={over ? 'imports__drop imports__drop--over' : 'imports__drop'}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={dropped}
    >
      <p>Drop a Strong or Hevy export (.csv) here, or</p>
      <label className="btn btn--secondary imports__choose">
        Choose a file
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          className="visually-hidden"
          disabled={disabled}
          data-testid="import-file"
          onChange={(event) => {
            void take(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </label>
    </div>
  );
}
