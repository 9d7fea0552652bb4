import '../wallTexts';
export { WallEditor, type WallEditorProps } from './WallEditor';
export {
  NEW_WALL_ID,
  editorReducer,
  initialEditorState,
  type EditorAction,
  type EditorStage,
  type EditorState,
} from './editorState';
