"""The training app: exercises computed from scenarios by the engine, answers, series and progress."""
