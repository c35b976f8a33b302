"""How Der Berg ruft looks at the table: the figures on the mountain, the flag screen, the side
panels and the prompt. Renderers read what they are given and never change it; the motion
classes (figures climbing, the screen lifted) hold what is being shown while it moves."""
