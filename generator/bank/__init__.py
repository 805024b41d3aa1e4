"""The model of a question bank and what works on it whatever file it came from: the model
(model, ids), a question's fields and their vocabulary (fields, spans, text_blocks, rows),
certain repairs (repair), editorial corrections (errata, answer_guard, math_markers,
disputed) and consistency checks (damage, lint).

May import generator.base only."""
