"""Rendering, one module per paper: :mod:`~pueval.pipeline.render.common` (what they share), then
:mod:`~pueval.pipeline.render.aul_paper`, ``aul_beyond``, ``jain``, ``claesen``, ``tabatabaei`` and
``mcdermott``: each paper's figures (matplotlib, Agg backend) and Markdown, drawn from its study's
frames. A step imports only its own paper's module."""
