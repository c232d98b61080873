import { Fragment } from 'react';
import { blocksOf, runsOf } from './replyText';

function Runs({ line }: { line: string }) {
  return (
    <>
      {runsOf(line).map((run, i) => (run.bold ? <strong key={i}>{run.text}</strong> : <Fragment key={i}>{run.text}</Fragment>))}
    </>
  );
}

/** A trainer's reply with its paragraphs and lists laid out (see `blocksOf`). */
export function ReplyText({ text }: { text: string }) {
  return (
    <div className="message__text message__text--reply">
      {blocksOf(text).map((block, i) => {
        if (block.kind === 'paragraph') {
          return (
            <p key={i}>
              {block.lines.map((line, j) => (
                <Fragment key={j}>
                  {j > 0 && <br />}
                  <Runs line={line} />
                </Fragment>
              ))}
            </p>
          );
        }
        const List = block.kind === 'bullets' ? 'ul' : 'ol';
        return (
          <List key={i}>
            {block.items.map((item, j) => (
              <li key={j}>
                <Runs line={item} />
              </li>
            ))}
          </List>
        );
      })}
    </div>
  );
}
