// A level of the course editor's tree: its form, its topics and their modules.
import { Link } from "react-router";
import { ButtonForm, MoveButtons, ReplyErrors, type ActionReply } from "../../../components/admin-authoring";
import { Editable, LevelForm, TopicForm, TopicNode, open, type Data, type Level } from "./forms";

export function LevelNode({ d, level, index, reply }: { d: Data; level: Level; index: number; reply: ActionReply }) {
  return (
    <li id={`uzol-${level.id}`} className="level">
      <h3>
        Úroveň {index + 1}: {level.title}
      </h3>
      <p className="muted">
        {level.subtitle ? `${level.subtitle} · ` : ""}
        {level.hours} h{level.issuesIntermediateCertificate ? " · priebežné osvedčenie" : ""}
        {level.test ? (
          <>
            {" · test úrovne: "}
            <Link to={`/admin/kurzy/${d.course.id}/testy/${level.test.id}`}>{level.test.title}</Link>
          </>
        ) : null}
      </p>
      {d.editable ? (
        <div className="node-actions">
          <MoveButtons intent="moveLevel" idField="levelId" id={level.id} name={level.title} first={index === 0} last={index === d.levels.length - 1} />
          <Editable summary={`Upraviť úroveň ${level.title}`} openNow={open(reply, `editLevel:${level.id}`)}>
            <LevelForm
              key={JSON.stringify([level.title, level.slug, level.subtitle, level.hoursInput, level.issuesIntermediateCertificate])}
              level={level}
              reply={reply}
            />
          </Editable>
          {d.isAdmin ? (
            <ButtonForm
              formKey={`deleteLevel:${level.id}`}
              intent="deleteLevel"
              fields={{ levelId: level.id }}
              variant="small-danger"
              confirm={`Zmazať úroveň „${level.title}“ aj s témami, modulmi a časťami?`}
            >
              Zmazať úroveň
            </ButtonForm>
          ) : null}
        </div>
      ) : null}
      <ReplyErrors reply={reply} formKeys={[`deleteLevel:${level.id}`, `moveLevel:${level.id}:up`, `moveLevel:${level.id}:down`]} />
      {level.topics.length ? (
        <ol className="topics">
          {level.topics.map((t, i) => (
            <TopicNode key={t.id} d={d} level={level} topic={t} index={i} levelIndex={index} reply={reply} />
          ))}
        </ol>
      ) : (
        <p className="muted">Úroveň nemá žiadnu tému.</p>
      )}
      {d.editable ? (
        <Editable summary={`Pridať tému do úrovne ${level.title}`} openNow={open(reply, `addTopic:${level.id}`)}>
          <TopicForm key={level.topics.length} levelId={level.id} reply={reply} />
        </Editable>
      ) : null}
    </li>
  );
}
