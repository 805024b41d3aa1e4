"""What ties questions together: the glossary and its terms, references between questions, related questions.

May import generator.base, generator.bank and generator.math."""
